#!/usr/bin/python3
"""Optuna 3.1 driven over stdin/stdout by io.jtune.engine.search.bench.suite.SuiteBenchmark.

The Java side evaluates every objective (so both libraries see exactly the same functions); this
script only samples. Protocol, one JSON object a line:
  in:  {"sampler": "TPE" | "CMA-ES" | "Random", "seed": s, "trials": n,
        "params": [{"name", "type": "float" | "int" | "cat", "low", "high", "log", "choices", "when": {"parent", "values"}}]}
  out: {"params": {...}} for each trial, answered by in: {"value": v}
Parameters are suggested in the order given; one with "when" only if its parent took one of the values
(define-by-run). Ends at end of input.
"""
import json
import sys

import optuna

optuna.logging.set_verbosity(optuna.logging.WARNING)

SAMPLERS = {
    "TPE": lambda seed: optuna.samplers.TPESampler(seed=seed),
    "CMA-ES": lambda seed: optuna.samplers.CmaEsSampler(seed=seed, warn_independent_sampling=False),
    "Random": lambda seed: optuna.samplers.RandomSampler(seed=seed),
}


def suggest(trial, params):
    values = {}
    for p in params:
        when = p.get("when")
        if when is not None and values.get(when["parent"]) not in when["values"]:
            continue
        if p["type"] == "float":
            values[p["name"]] = trial.suggest_float(p["name"], p["low"], p["high"], log=p.get("log", False))
        elif p["type"] == "int":
            values[p["name"]] = trial.suggest_int(p["name"], p["low"], p["high"], log=p.get("log", False))
        else:
            values[p["name"]] = trial.suggest_categorical(p["name"], p["choices"])
    return values


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        spec = json.loads(line)
        study = optuna.create_study(sampler=SAMPLERS[spec["sampler"]](spec["seed"]), direction="minimize")
        for _ in range(spec["trials"]):
            trial = study.ask()
            print(json.dumps({"params": suggest(trial, spec["params"])}), flush=True)
            study.tell(trial, json.loads(sys.stdin.readline())["value"])


if __name__ == "__main__":
    main()
