#!/usr/bin/python3
"""Optuna 3.1 side of jtune's EngineBenchmark "cold" workload: N trials of a no-op objective with one
uniform parameter, random sampler, in-memory storage, timed from import to the end; prints the seconds.

Run alone: /usr/bin/python3 tune-engine/src/test/python/overhead_optuna.py [trials]
"""
import sys
import time

start = time.perf_counter()
import optuna  # noqa: E402  (the import is part of the run, as the JVM's start is of jtune's)

optuna.logging.set_verbosity(optuna.logging.WARNING)
trials = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
study = optuna.create_study(sampler=optuna.samplers.RandomSampler(seed=1))
study.optimize(lambda trial: trial.suggest_float("x", 0, 1), n_trials=trials)
print(f"{time.perf_counter() - start:.3f}")
