#!/usr/bin/python3
"""Optuna 3.1 side of jtune's searcher benchmark through the Tuner (io.jtune.engine.search.bench.TunerSearchBenchmark).

The same test functions, bounds and protocol: for each function, sampler and seed, EVALS sequential
trials of study.optimize; prints one JSON line per run: {"function", "searcher", "seed", "best"}.
The Java benchmark runs this script in the same invocation and reads its output.

Run alone: /usr/bin/python3 tune-engine/src/test/python/tuner_bench_optuna.py [evals] [seeds] [functions,...] [first seed]
"""
import json
import math
import sys

import optuna

optuna.logging.set_verbosity(optuna.logging.WARNING)

A = [[10, 3, 17, 3.5, 1.7, 8], [0.05, 10, 17, 0.1, 8, 14], [3, 3.5, 1.7, 10, 17, 8], [17, 8, 0.05, 10, 0.1, 14]]
P = [[0.1312, 0.1696, 0.5569, 0.0124, 0.8283, 0.5886], [0.2329, 0.4135, 0.8307, 0.3736, 0.1004, 0.9991],
     [0.2348, 0.1451, 0.3522, 0.2883, 0.3047, 0.6650], [0.4047, 0.8828, 0.8732, 0.5743, 0.1091, 0.0381]]
ALPHA = [1.0, 1.2, 3.0, 3.2]


def branin(x):
    b, c, t = 5.1 / (4 * math.pi ** 2), 5 / math.pi, 1 / (8 * math.pi)
    return (x[1] - b * x[0] * x[0] + c * x[0] - 6) ** 2 + 10 * (1 - t) * math.cos(x[0]) + 10


def hartmann6(x):
    return -sum(ALPHA[i] * math.exp(-sum(A[i][j] * (x[j] - P[i][j]) ** 2 for j in range(6))) for i in range(4))


def rosenbrock(x):
    return sum(100 * (x[i + 1] - x[i] ** 2) ** 2 + (1 - x[i]) ** 2 for i in range(len(x) - 1))


def ackley(x):
    d = len(x)
    return (-20 * math.exp(-0.2 * math.sqrt(sum(v * v for v in x) / d))
            - math.exp(sum(math.cos(2 * math.pi * v) for v in x) / d) + 20 + math.e)


def levy(x):
    w = [1 + (v - 1) / 4 for v in x]
    s = math.sin(math.pi * w[0]) ** 2
    for i in range(len(x) - 1):
        s += (w[i] - 1) ** 2 * (1 + 10 * math.sin(math.pi * w[i] + 1) ** 2)
    return s + (w[-1] - 1) ** 2 * (1 + math.sin(2 * math.pi * w[-1]) ** 2)


def styblinski_tang(x):
    return sum(v ** 4 - 16 * v * v + 5 * v for v in x) / 2


def six_hump_camel(x):
    a, b = x
    return (4 - 2.1 * a * a + a ** 4 / 3) * a * a + a * b + (-4 + 4 * b * b) * b * b


# name: (function, bounds per dimension, dimensions); the same as Problem.java's
FUNCTIONS = {
    "branin": (branin, [(-5.0, 10.0), (0.0, 15.0)]),
    "hartmann6": (hartmann6, [(0.0, 1.0)] * 6),
    "rosenbrock4": (rosenbrock, [(-5.0, 10.0)] * 4),
    "ackley5": (ackley, [(-32.768, 32.768)] * 5),
    "levy4": (levy, [(-10.0, 10.0)] * 4),
    "styblinskitang4": (styblinski_tang, [(-5.0, 5.0)] * 4),
    "sixhumpcamel": (six_hump_camel, [(-3.0, 3.0), (-2.0, 2.0)]),
    "ackley5offcentre": (ackley, [(-15.0, 50.0)] * 5),
    "levy4offcentre": (levy, [(-4.0, 16.0)] * 4),
}

def rastrigin(x):
    return 10 * len(x) + sum(v * v - 10 * math.cos(2 * math.pi * v) for v in x)


def zakharov(x):
    weighted = sum(0.5 * (i + 1) * v for i, v in enumerate(x))
    return sum(v * v for v in x) + weighted ** 2 + weighted ** 4


def dixon_price(x):
    return (x[0] - 1) ** 2 + sum((i + 1) * (2 * x[i] ** 2 - x[i - 1]) ** 2 for i in range(1, len(x)))


FUNCTIONS.update({
    "rastrigin3": (rastrigin, [(-5.12, 5.12)] * 3),
    "zakharov4": (zakharov, [(-5.0, 10.0)] * 4),
    "dixonprice4": (dixon_price, [(-10.0, 10.0)] * 4),
})

CATEGORIES = ["a", "b", "c", "d"]
CATEGORY_OFFSET = [1.0, 0.0, 0.5, 2.0]


def logscale2(trial):
    lr = trial.suggest_float("lr", 1e-5, 1.0, log=True)
    x = trial.suggest_float("x", -5.0, 5.0)
    return (math.log10(lr) + 2.5) ** 2 + 0.5 * (x - 1.5) ** 2


def mixed(n_lo, n_hi, lo, hi, f):
    """An integer n in [n_lo, n_hi], a 4-level categorical c, floats x and y in [lo, hi] (as Problem.mixedSpace)."""
    def objective(trial):
        n = trial.suggest_int("n", n_lo, n_hi)
        c = CATEGORIES.index(trial.suggest_categorical("c", CATEGORIES))
        x = trial.suggest_float("x", lo, hi)
        y = trial.suggest_float("y", lo, hi)
        return f(n, c, x, y)
    return objective


# name: objective over a space that is not a box of floats; the same as Problem.heldOutSet's
OBJECTIVES = {
    "logscale2": logscale2,
    "mixed-sphere": mixed(-5, 10, -5.0, 5.0, lambda n, c, x, y: 0.25 * (n - 3) ** 2 + CATEGORY_OFFSET[c] + (x - 1) ** 2 + (y + 2) ** 2),
    "mixed-levy": mixed(-10, 10, -10.0, 10.0, lambda n, c, x, y: levy([n, x - c, y]) + 0.5 * c),
}

SAMPLERS = {
    "Optuna TPE": lambda seed: optuna.samplers.TPESampler(seed=seed),
    "Optuna CMA-ES": lambda seed: optuna.samplers.CmaEsSampler(seed=seed, warn_independent_sampling=False),
}


def objective_of(function, bounds):
    def objective(trial):
        return function([trial.suggest_float("x%d" % i, lo, hi) for i, (lo, hi) in enumerate(bounds)])
    return objective


def main():
    evals = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    seeds = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    names = sys.argv[3].split(",") if len(sys.argv) > 3 else list(FUNCTIONS)[:9]
    first = int(sys.argv[4]) if len(sys.argv) > 4 else 0
    for name in names:
        objective = OBJECTIVES[name] if name in OBJECTIVES else objective_of(*FUNCTIONS[name])
        for sampler_name, make in SAMPLERS.items():
            for seed in range(first, first + seeds):
                study = optuna.create_study(sampler=make(seed), direction="minimize")
                study.optimize(objective, n_trials=evals)
                print(json.dumps({"function": name, "searcher": sampler_name, "seed": seed, "best": study.best_value}))
                sys.stdout.flush()


if __name__ == "__main__":
    main()
