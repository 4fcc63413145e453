#!/usr/bin/python3
"""Optuna side of jtune's multi-objective benchmark (io.jtune.engine.search.mo.bench.MultiObjectiveBenchmark).

ZDT1 (30 variables, 2 objectives, reference point (11, 11)) and DTLZ2 (12 variables, 3 objectives,
reference point (3, 3, 3)), EVALUATIONS trials x SEEDS seeds (0..): median hypervolume of the final
Pareto front for NSGAIISampler and MOTPESampler (Optuna 3.1 defaults), and the random sampler.

Run: /usr/bin/python3 tune-engine/src/test/python/optuna_mo_bench.py [EVALUATIONS [SEEDS]]   (Debian's python3-optuna)
"""
import math
import statistics
import sys
import warnings

import numpy as np
import optuna
from optuna._hypervolume import WFG

optuna.logging.set_verbosity(optuna.logging.WARNING)
warnings.filterwarnings("ignore")


def zdt1(trial):
    x = [trial.suggest_float("x%d" % i, 0.0, 1.0) for i in range(30)]
    g = 1 + 9 * sum(x[1:]) / 29
    return x[0], g * (1 - math.sqrt(x[0] / g))


def dtlz2(trial):
    x = [trial.suggest_float("x%d" % i, 0.0, 1.0) for i in range(12)]
    g = sum((v - 0.5) ** 2 for v in x[2:])
    a, b = x[0] * math.pi / 2, x[1] * math.pi / 2
    return ((1 + g) * math.cos(a) * math.cos(b), (1 + g) * math.cos(a) * math.sin(b), (1 + g) * math.sin(a))


PROBLEMS = [("zdt1", zdt1, 2, [11.0, 11.0]), ("dtlz2", dtlz2, 3, [3.0, 3.0, 3.0])]


def hypervolume(study, reference):
    points = np.array([t.values for t in study.best_trials])
    inside = points[np.all(points < np.array(reference), axis=1)]
    return WFG().compute(inside, np.array(reference)) if len(inside) else 0.0


def main():
    evaluations = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    seeds = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    print("%d evaluations x %d seeds, median hypervolume" % (evaluations, seeds))
    samplers = [("random", lambda s: optuna.samplers.RandomSampler(seed=s)),
                ("NSGA-II", lambda s: optuna.samplers.NSGAIISampler(seed=s)),
                ("MOTPE", lambda s: optuna.samplers.MOTPESampler(seed=s))]
    for name, objective, m, reference in PROBLEMS:
        for sampler_name, make in samplers:
            hv = []
            for seed in range(seeds):
                study = optuna.create_study(directions=["minimize"] * m, sampler=make(seed))
                study.optimize(objective, n_trials=evaluations)
                hv.append(hypervolume(study, reference))
            print("%-6s optuna-%-8s %.4f %s" % (name, sampler_name, statistics.median(hv), ["%.3f" % v for v in hv]))
            sys.stdout.flush()


if __name__ == "__main__":
    main()
