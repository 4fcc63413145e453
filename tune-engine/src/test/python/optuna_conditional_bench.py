#!/usr/bin/python3
"""Optuna side of jtune's conditional-space benchmark (io.jtune.engine.search.bench.ConditionalBenchmark).

The SVM-like space (kernel; c; degree for poly; gamma for poly, rbf, sigmoid; coef0 for poly,
sigmoid) defined by run, as Optuna users write conditional spaces; the same synthetic error as
Problem.svmLike. 100 evaluations x 10 seeds (0..9): median best error of the random sampler and
of TPESampler (defaults: independent per-parameter sampling).

Run: /usr/bin/python3 tune-engine/src/test/python/optuna_conditional_bench.py   (Debian's python3-optuna)
"""
import math
import statistics
import sys

import optuna

optuna.logging.set_verbosity(optuna.logging.WARNING)


def svm(trial):
    kernel = trial.suggest_categorical("kernel", ["linear", "poly", "rbf", "sigmoid"])
    log_c = math.log10(trial.suggest_float("c", 1e-3, 1e3, log=True))
    if kernel == "linear":
        error = 0.20 + 0.02 * (log_c - 0.5) ** 2
    else:
        log_gamma = math.log10(trial.suggest_float("gamma", 1e-4, 10, log=True))
        if kernel == "poly":
            degree = trial.suggest_int("degree", 2, 5)
            coef0 = trial.suggest_float("coef0", 0, 1)
            error = 0.10 + 0.03 * (log_c - 1) ** 2 + 0.04 * (log_gamma + 1.5) ** 2 + 0.02 * (degree - 3) ** 2 + 0.1 * (coef0 - 0.3) ** 2
        elif kernel == "rbf":
            error = 0.05 + 0.06 * (log_c - 2) ** 2 + 0.12 * (log_gamma + 2.5) ** 2
        else:
            coef0 = trial.suggest_float("coef0", 0, 1)
            error = 0.30 + 0.02 * log_c ** 2 + 0.02 * (log_gamma + 2) ** 2 + 0.05 * coef0 ** 2
    return min(0.5, error)


def main():
    evaluations = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    seeds = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    print("SVM-like conditional space: %d evaluations x %d seeds, median best error (optimum 0.05)" % (evaluations, seeds))
    for name, make in [("random", lambda s: optuna.samplers.RandomSampler(seed=s)), ("TPE", lambda s: optuna.samplers.TPESampler(seed=s))]:
        best = []
        for seed in range(seeds):
            study = optuna.create_study(sampler=make(seed))
            study.optimize(svm, n_trials=evaluations)
            best.append(study.best_value)
        print("optuna-%-8s %.4f" % (name, statistics.median(best)))


if __name__ == "__main__":
    main()
