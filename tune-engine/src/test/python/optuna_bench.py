#!/usr/bin/python3
"""Optuna side of jtune's searcher benchmark (same protocol as io.jtune.engine.search.bench.SearcherBenchmark).

Branin and Hartmann-6, 100 evaluations x 10 seeds (0..9): median best value and median regret per
sampler; then the sampler's time per trial (ask, the suggest calls and tell; the objective
excluded) on Hartmann-6, as thread CPU time and wall-clock time, averaged over the 20 trials
before 100, 500 and 2,000 and over the whole 2,000-trial run.

Run: /usr/bin/python3 tune-engine/src/test/python/optuna_bench.py   (Debian's python3-optuna)
"""
import math
import statistics
import sys
import time

import optuna

optuna.logging.set_verbosity(optuna.logging.WARNING)

BRANIN_MIN = 0.397887357729739
HARTMANN6_MIN = -3.32236801141551
A = [[10, 3, 17, 3.5, 1.7, 8], [0.05, 10, 17, 0.1, 8, 14], [3, 3.5, 1.7, 10, 17, 8], [17, 8, 0.05, 10, 0.1, 14]]
P = [[0.1312, 0.1696, 0.5569, 0.0124, 0.8283, 0.5886], [0.2329, 0.4135, 0.8307, 0.3736, 0.1004, 0.9991],
     [0.2348, 0.1451, 0.3522, 0.2883, 0.3047, 0.6650], [0.4047, 0.8828, 0.8732, 0.5743, 0.1091, 0.0381]]
ALPHA = [1.0, 1.2, 3.0, 3.2]


def branin(trial):
    x1 = trial.suggest_float("x1", -5.0, 10.0)
    x2 = trial.suggest_float("x2", 0.0, 15.0)
    b, c, t = 5.1 / (4 * math.pi ** 2), 5 / math.pi, 1 / (8 * math.pi)
    return (x2 - b * x1 * x1 + c * x1 - 6) ** 2 + 10 * (1 - t) * math.cos(x1) + 10


def hartmann6(trial):
    return hartmann6_at([trial.suggest_float("x%d" % i, 0.0, 1.0) for i in range(6)])


def hartmann6_at(x):
    return -sum(ALPHA[i] * math.exp(-sum(A[i][j] * (x[j] - P[i][j]) ** 2 for j in range(6))) for i in range(4))


SAMPLERS = {
    "random": lambda seed: optuna.samplers.RandomSampler(seed=seed),
    "tpe": lambda seed: optuna.samplers.TPESampler(seed=seed),
    "cma-es": lambda seed: optuna.samplers.CmaEsSampler(seed=seed),
}
PROBLEMS = {"branin": (branin, BRANIN_MIN), "hartmann6": (hartmann6, HARTMANN6_MIN)}


def best_of_run(sampler, objective, n):
    study = optuna.create_study(sampler=sampler, direction="minimize")
    study.optimize(objective, n_trials=n)
    return study.best_value


def timed_run(sampler, n):
    """Per trial: (thread CPU seconds, wall seconds) of ask + suggest + tell, the objective excluded."""
    study = optuna.create_study(sampler=sampler, direction="minimize")
    times = []
    for _ in range(n):
        cpu, wall = time.thread_time(), time.perf_counter()
        trial = study.ask()
        x = [trial.suggest_float("x%d" % i, 0.0, 1.0) for i in range(6)]
        cpu_used, wall_used = time.thread_time() - cpu, time.perf_counter() - wall
        value = hartmann6_at(x)
        cpu, wall = time.thread_time(), time.perf_counter()
        study.tell(trial, value)
        times.append((cpu_used + time.thread_time() - cpu, wall_used + time.perf_counter() - wall))
    return times


def main():
    evals, seeds = 100, range(10)
    print("quality: %d evaluations x %d seeds, medians" % (evals, len(seeds)))
    for pname, (objective, optimum) in PROBLEMS.items():
        for sname, make in SAMPLERS.items():
            bests = [best_of_run(make(s), objective, evals) for s in seeds]
            med = statistics.median(bests)
            print("%-10s optuna-%-8s best %.4f  regret %.4f" % (pname, sname, med, med - optimum))
            sys.stdout.flush()
    print("sampler time per trial (ask + suggest + tell), hartmann6, ms: thread CPU time (wall clock in brackets); "
          "mean of the 20 trials before N, and over all 2000")
    for sname in ("tpe", "cma-es", "random"):
        times = timed_run(SAMPLERS[sname](0), 2000)

        def mean(lo, hi, k):
            return 1000 * statistics.mean(t[k] for t in times[lo:hi])

        print("optuna-%-8s" % sname + "".join("  at%d %.3f (%.3f)" % (n, mean(n - 20, n, 0), mean(n - 20, n, 1)) for n in (100, 500, 2000))
              + "  mean2000 %.3f (%.3f)" % (mean(0, 2000, 0), mean(0, 2000, 1)))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
