#!/usr/bin/python3
"""Writes the TPE golden files: Optuna 3.1's own estimator on fixed observation histories.

Each history is a study built here (trials added with fixed parameters and values; trials in
flight as RUNNING trials), read back through Optuna's own TPE internals exactly as
TPESampler.sample_independent (univariate), TPESampler._sample_relative (multivariate) and
multi-objective TPE do:

- optuna.samplers._tpe.sampler._get_observation_pairs (signs for maximise, constant_liar),
- _split_observation_pairs with the sampler's gamma of the finished count (default_gamma,
  or MOTPESampler's floor(0.1 n)),
- _calculate_weights_below_for_multi_objective for the good group's weights with several objectives,
- _ParzenEstimator / _ParzenEstimatorParameters for the good (below) and bad (above) densities.

A file records the split (trial numbers below and above), every estimator's weights, low, high, q,
mus and sigmas (after magic clip, endpoints and prior) or categorical probabilities, and
log l(x) and log g(x) of a fixed set of candidates (24 drawn from l as the sampler draws them,
8 drawn uniformly from the space). Numbers are written as Python's repr of the doubles (full
precision). jtune's TpeGoldenTest reads them; no Python runs at test time.

One accident of numpy is fixed, and recorded in every file: numpy's default argsort (quicksort)
is not stable beyond 16 elements, so which of several tied values (integers, steps) gets which
bandwidth is numpy's partitioning order, not a TPE rule. The files are written with a stable
argsort (ties in trial order); "unstableTieEffect" is the largest change of any log l or log g
that installed numpy's own order makes (0 where no tied kernels differ in weight).

Run by hand from the repository root (Debian's python3-optuna, Optuna 3.1):
    /usr/bin/python3 tune-engine/src/test/golden/tpe_golden.py tune-engine/src/test/resources/tpe-golden
"""
import contextlib
import json
import math
import os
import sys
import warnings

import numpy as np
import optuna
from optuna import distributions as od
from optuna.samplers._tpe import multi_objective_sampler as motpe
from optuna.samplers._tpe import sampler as tpe
from optuna.samplers._tpe.parzen_estimator import _ParzenEstimator
from optuna.samplers._tpe.parzen_estimator import _ParzenEstimatorParameters
from optuna.study import StudyDirection
from optuna.trial import TrialState

warnings.simplefilter("ignore")
optuna.logging.set_verbosity(optuna.logging.ERROR)

N_SAMPLED_CANDIDATES = 24
N_UNIFORM_CANDIDATES = 8

SPACES = {
    "float": {"x": od.FloatDistribution(-5.0, 10.0)},
    "logfloat": {"lr": od.FloatDistribution(1e-4, 1e-1, log=True)},
    "int": {"units": od.IntDistribution(1, 12)},
    "steppedint": {"filters": od.IntDistribution(8, 64, step=8)},
    "steppedfloat": {"q": od.FloatDistribution(0.0, 2.0, step=0.25)},
    "logint": {"trees": od.IntDistribution(1, 1000, log=True)},
    "cat2": {"flag": od.CategoricalDistribution([False, True])},
    "cat5": {"act": od.CategoricalDistribution(["relu", "tanh", "gelu", "elu", "selu"])},
    "cat10": {"digit": od.CategoricalDistribution(list(range(10)))},
    "mixed": {
        "x": od.FloatDistribution(-5.0, 10.0),
        "lr": od.FloatDistribution(1e-4, 1e-1, log=True),
        "units": od.IntDistribution(1, 12),
        "q": od.FloatDistribution(0.0, 2.0, step=0.25),
        "opt": od.CategoricalDistribution(["sgd", "adam", "rmsprop", "adagrad"]),
    },
    "floats2": {"x": od.FloatDistribution(-5.0, 10.0), "y": od.FloatDistribution(0.0, 15.0)},
    "svm": {
        "kernel": od.CategoricalDistribution(["linear", "poly", "rbf", "sigmoid"]),
        "c": od.FloatDistribution(1e-3, 1e3, log=True),
        "degree": od.IntDistribution(2, 5),
        "gamma": od.FloatDistribution(1e-4, 10.0, log=True),
        "coef0": od.FloatDistribution(0.0, 1.0),
    },
}

# the conditional parameters and the values of their parent that make them active
CONDITIONS = {"svm": {"degree": {"kernel": ["poly"]}, "gamma": {"kernel": ["poly", "rbf", "sigmoid"]}, "coef0": {"kernel": ["poly", "sigmoid"]}}}

# which parameters a conditional space's trial has, given its values so far (define-by-run)
ACTIVE = {
    "svm": lambda params: {"kernel", "c"} | ({"degree", "gamma", "coef0"} if params["kernel"] == "poly" else
                                             {"gamma"} if params["kernel"] == "rbf" else
                                             {"gamma", "coef0"} if params["kernel"] == "sigmoid" else set()),
}

GAMMAS = {
    "default": tpe.default_gamma,
    "motpe": motpe.default_gamma,
}
WEIGHTS = {
    "default": tpe.default_weights,
    "ones": motpe._default_weights_above,
}


def case(name, space, n, kind="univariate", directions=("minimize",), prior=True, prior_weight=1.0,
         endpoints=False, gamma="default", weights="default", pending=0, tied_losses=False):
    return dict(name=name, space=space, n=n, kind=kind, directions=list(directions), prior=prior,
                prior_weight=prior_weight, endpoints=endpoints, gamma=gamma, weights=weights,
                pending=pending, tied_losses=tied_losses)


CASES = [
    case("float-5", "float", 5),
    case("float-20", "float", 20),
    case("float-100", "float", 100),
    case("float-500", "float", 500),
    case("float-20-noprior", "float", 20, prior=False),
    case("float-100-max", "float", 100, directions=("maximize",)),
    case("float-100-endpoints", "float", 100, endpoints=True),
    case("float-100-priorweight2", "float", 100, prior_weight=2.0),
    case("logfloat-20", "logfloat", 20),
    case("logfloat-100-noprior", "logfloat", 100, prior=False),
    case("logfloat-500-max", "logfloat", 500, directions=("maximize",)),
    case("int-5", "int", 5),
    case("int-20", "int", 20),
    case("int-100", "int", 100),
    case("int-500-noprior", "int", 500, prior=False),
    case("steppedint-20", "steppedint", 20),
    case("steppedint-100-max", "steppedint", 100, directions=("maximize",)),
    case("steppedfloat-100", "steppedfloat", 100),
    case("logint-100", "logint", 100),
    case("cat2-20", "cat2", 20),
    case("cat2-100-noprior", "cat2", 100, prior=False),
    case("cat5-5", "cat5", 5),
    case("cat5-100", "cat5", 100),
    case("cat10-20-max", "cat10", 20, directions=("maximize",)),
    case("cat10-500", "cat10", 500),
    case("mixed-5", "mixed", 5),
    case("mixed-20", "mixed", 20),
    case("mixed-100", "mixed", 100),
    case("mixed-100-noprior-max", "mixed", 100, prior=False, directions=("maximize",)),
    case("mixed-500", "mixed", 500),
    case("mixed-100-tiedlosses", "mixed", 100, tied_losses=True),
    case("float-20-pending", "float", 20, pending=4),
    case("int-100-pending", "int", 100, pending=6),
    case("mixed-100-pending-max", "mixed", 100, pending=5, directions=("maximize",)),
    # a conditional space (define-by-run): each parameter fitted to the trials that have it
    case("svm-20", "svm", 20),
    case("svm-100", "svm", 100),
    case("svm-100-pending-max", "svm", 100, pending=4, directions=("maximize",)),
    # multivariate TPE (multivariate=True, group=False)
    case("mv-floats2-20", "floats2", 20, kind="multivariate"),
    case("mv-mixed-20", "mixed", 20, kind="multivariate"),
    case("mv-mixed-100", "mixed", 100, kind="multivariate"),
    case("mv-mixed-100-noprior-max", "mixed", 100, kind="multivariate", prior=False, directions=("maximize",)),
    case("mv-mixed-100-pending", "mixed", 100, kind="multivariate", pending=4),
    case("mv-floats2-500", "floats2", 500, kind="multivariate"),
    # multi-objective TPE: TPESampler with several objectives (its defaults) ...
    case("mo-floats2-20", "floats2", 20, directions=("minimize", "minimize")),
    case("mo-mixed-100", "mixed", 100, directions=("minimize", "maximize")),
    case("mo3-floats2-100", "floats2", 100, directions=("minimize", "minimize", "minimize")),
    case("mo-mixed-100-mv", "mixed", 100, kind="multivariate", directions=("minimize", "minimize")),
    # ... and MOTPESampler's defaults: floor(0.1 n) good trials, endpoints, equal weights above
    case("motpe-floats2-20", "floats2", 20, directions=("minimize", "minimize"), gamma="motpe", weights="ones", endpoints=True),
    case("motpe-mixed-100", "mixed", 100, directions=("minimize", "maximize"), gamma="motpe", weights="ones", endpoints=True),
    case("motpe-mixed-500", "mixed", 500, directions=("minimize", "minimize"), gamma="motpe", weights="ones", endpoints=True),
]


def draw(rng, dist):
    """A value in Optuna's external representation, drawn uniformly (ints and steps on their grid)."""
    if isinstance(dist, od.CategoricalDistribution):
        return dist.choices[int(rng.randint(len(dist.choices)))]
    if isinstance(dist, od.IntDistribution):
        if dist.log:
            return int(min(dist.high, max(dist.low, round(math.exp(rng.uniform(math.log(dist.low - 0.5), math.log(dist.high + 0.5)))))))
        return int(dist.low + dist.step * rng.randint((dist.high - dist.low) // dist.step + 1))
    if dist.log:
        return float(math.exp(rng.uniform(math.log(dist.low), math.log(dist.high))))
    if dist.step is not None:
        return float(dist.low + dist.step * rng.randint(int(round((dist.high - dist.low) / dist.step)) + 1))
    return float(rng.uniform(dist.low, dist.high))


def objective_values(rng, space, params, n_objectives, tied):
    """Losses loosely tied to the parameters (so the good group means something), with noise."""
    values = []
    for k in range(n_objectives):
        v = 0.0
        for i, (name, dist) in enumerate(sorted(space.items())):
            if name not in params:
                continue
            internal = dist.to_internal_repr(params[name])
            if isinstance(dist, od.CategoricalDistribution):
                v += ((internal + k) % len(dist.choices)) / len(dist.choices)
            else:
                lo, hi = (math.log(dist.low), math.log(dist.high)) if dist.log else (dist.low, dist.high)
                u = ((math.log(internal) if dist.log else internal) - lo) / (hi - lo)
                v += (u - 0.3 - 0.4 * k / max(1, n_objectives - 1) - 0.05 * i) ** 2
        v += 0.3 * rng.normal()
        values.append(float(round(v, 1)) if tied else v)
    return values


def build_study(spec, rng):
    space = SPACES[spec["space"]]
    study = optuna.create_study(directions=spec["directions"])
    n_total = spec["n"] + spec["pending"]
    running_at = set(int(i) for i in rng.choice(np.arange(n_total // 2, n_total), spec["pending"], replace=False)) if spec["pending"] else set()
    for number in range(n_total):
        params = {name: draw(rng, dist) for name, dist in space.items()}
        if spec["space"] in ACTIVE:
            active = ACTIVE[spec["space"]](params)
            params = {k: v for k, v in params.items() if k in active}
        used = {k: space[k] for k in params}
        if number in running_at:
            trial = optuna.trial.create_trial(state=TrialState.RUNNING, params=params, distributions=used)
        else:
            trial = optuna.trial.create_trial(state=TrialState.COMPLETE, params=params, distributions=used,
                                              values=objective_values(rng, space, params, len(spec["directions"]), spec["tied_losses"]))
        study.add_trial(trial)
    return study, space


def floats(a):
    return [float(v) for v in np.asarray(a, dtype=float).ravel()]


def estimator_json(pe, names):
    out = {"weights": floats(pe._weights), "params": {}}
    for name in names:
        if pe._categorical_weights[name] is not None:
            out["params"][name] = {"categoricalWeights": [floats(row) for row in pe._categorical_weights[name]]}
        else:
            out["params"][name] = {"low": float(pe._low[name]), "high": float(pe._high[name]),
                                   "q": None if pe._q[name] is None else float(pe._q[name]),
                                   "mus": floats(pe._mus[name]), "sigmas": floats(pe._sigmas[name])}
    return out


@contextlib.contextmanager
def stable_argsort(enabled):
    original = np.argsort
    if enabled:
        np.argsort = lambda a, *args, **kwargs: original(a, *args, **dict(kwargs, kind="stable"))
    try:
        yield
    finally:
        np.argsort = original


def estimators(spec, space, names, values, scores, indices_below, indices_above, multi):
    """The below and above estimators of the parameters `names` as the sampler builds them."""
    params = _ParzenEstimatorParameters(spec["prior"], spec["prior_weight"], True, spec["endpoints"],
                                        WEIGHTS[spec["weights"]], spec["kind"] == "multivariate")
    config = {k: np.asarray(values[k], dtype=float) for k in names}
    # `None` (a trial without the parameter) becomes nan and is left out, as the sampler does
    param_mask = ~np.isnan(config[names[0]])
    mask_below, mask_above = param_mask[indices_below], param_mask[indices_above]
    below = {k: config[k][indices_below[mask_below]] for k in names}
    above = {k: config[k][indices_above[mask_above]] for k in names}
    sub = {k: space[k] for k in names}
    if multi:
        weights_below = tpe._calculate_weights_below_for_multi_objective(scores, indices_below, None)[mask_below]
        mpe_below = _ParzenEstimator(below, sub, params, weights_below)
    else:
        mpe_below = _ParzenEstimator(below, sub, params)
    mpe_above = _ParzenEstimator(above, sub, params)
    return mpe_below, mpe_above


def candidates(rng, mpe_below, space, names):
    """24 draws from l, as the sampler draws, and 8 uniform draws, in Optuna's internal representation."""
    sampled = mpe_below.sample(rng, N_SAMPLED_CANDIDATES)
    out = {k: list(floats(sampled[k])) for k in names}
    for _ in range(N_UNIFORM_CANDIDATES):
        for k in names:
            out[k].append(float(space[k].to_internal_repr(draw(rng, space[k]))))
    return {k: np.asarray(v, dtype=int if isinstance(space[k], od.CategoricalDistribution) else float) for k, v in out.items()}


def group(spec, space, names, values, scores, indices_below, indices_above, multi, rng):
    """One estimator pair (one parameter, or all jointly): its internals and the candidates' log densities."""
    with stable_argsort(True):
        mpe_below, mpe_above = estimators(spec, space, names, values, scores, indices_below, indices_above, multi)
        x = candidates(rng, mpe_below, space, names)
        log_l = mpe_below.log_pdf(x)
        log_g = mpe_above.log_pdf(x)
    with stable_argsort(False):
        raw_below, raw_above = estimators(spec, space, names, values, scores, indices_below, indices_above, multi)
        tie_effect = float(max(np.max(np.abs(raw_below.log_pdf(x) - log_l)), np.max(np.abs(raw_above.log_pdf(x) - log_g))))
    return {
        "params": names,
        "below": estimator_json(mpe_below, names),
        "above": estimator_json(mpe_above, names),
        "candidates": {k: floats(v) for k, v in x.items()},
        "logL": floats(log_l),
        "logG": floats(log_g),
        "unstableTieEffect": tie_effect,
    }


def external(dist, v):
    return v if not isinstance(v, (bool, np.bool_)) else bool(v)


def golden(spec, seed):
    rng = np.random.RandomState(seed)
    study, space = build_study(spec, rng)
    names = list(space)
    multi = len(spec["directions"]) > 1
    # constant_liar only applies to single-objective studies in Optuna 3.1
    values, scores, _ = tpe._get_observation_pairs(study, names, constant_liar=spec["pending"] > 0 and not multi)
    included = [t for t in study.get_trials(deepcopy=False)
                if t.state == TrialState.COMPLETE or (t.state == TrialState.RUNNING and spec["pending"] > 0 and not multi)]
    n_finished = sum(s < float("inf") for s, _ in scores)
    n_below = GAMMAS[spec["gamma"]](n_finished)
    indices_below, indices_above = tpe._split_observation_pairs(scores, n_below, None)
    groups = [group(spec, space, names, values, scores, indices_below, indices_above, multi, rng)] if spec["kind"] == "multivariate" \
        else [group(spec, space, [k], values, scores, indices_below, indices_above, multi, rng) for k in names]
    result = {
        "optuna": optuna.__version__,
        "numpy": np.__version__,
        "name": spec["name"],
        "kind": spec["kind"],
        "settings": {"considerPrior": spec["prior"], "priorWeight": spec["prior_weight"], "considerMagicClip": True,
                     "considerEndpoints": spec["endpoints"], "gamma": spec["gamma"], "weights": spec["weights"],
                     "multivariate": spec["kind"] == "multivariate", "constantLiar": spec["pending"] > 0},
        "directions": spec["directions"],
        "space": {k: space_json(d) for k, d in space.items()},
        "trials": [{"number": t.number, "state": t.state.name, "values": t.values,
                    "params": {k: external(space[k], v) for k, v in t.params.items()}} for t in study.trials],
        "nFinished": int(n_finished),
        "nBelow": int(n_below),
        "below": sorted(int(included[i].number) for i in indices_below),
        "above": sorted(int(included[i].number) for i in indices_above),
        "groups": groups,
    }
    if spec["space"] in CONDITIONS:
        result["conditions"] = CONDITIONS[spec["space"]]
    if multi:
        result["belowInSplitOrder"] = [int(included[i].number) for i in indices_below]
        result["weightsBelow"] = floats(tpe._calculate_weights_below_for_multi_objective(scores, indices_below, None))
    return result


def space_json(d):
    if isinstance(d, od.CategoricalDistribution):
        return {"type": "categorical", "choices": list(d.choices)}
    if isinstance(d, od.IntDistribution):
        return {"type": "int", "low": d.low, "high": d.high, "step": d.step, "log": d.log}
    return {"type": "float", "low": d.low, "high": d.high, "step": d.step, "log": d.log}


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else "tune-engine/src/test/resources/tpe-golden"
    os.makedirs(folder, exist_ok=True)
    for seed, spec in enumerate(CASES):
        data = golden(spec, 20261129 + seed)
        with open(os.path.join(folder, spec["name"] + ".json"), "w") as f:
            json.dump(data, f, separators=(",", ":"), allow_nan=False)
            f.write("\n")
        print(spec["name"], "below", len(data["below"]), "above", len(data["above"]),
              "unstable-tie effect", max(g["unstableTieEffect"] for g in data["groups"]))


if __name__ == "__main__":
    main()
