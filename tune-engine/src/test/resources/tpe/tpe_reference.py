#!/usr/bin/python3
"""Writes tpe_reference.json: TPE acquisition values computed with Optuna 3.1's own code
(optuna.samplers._tpe) on a fixed observation set, the fixture of jtune's TpeAgreementTest.

The observations and candidates are drawn here with a fixed numpy seed over a space of a uniform
float, a log float, an integer, a stepped float and a categorical. For each parameter, as
TPESampler.sample_independent does with its default settings (gamma(n) = min(ceil(0.1 n), 25),
default weights, prior weight 1, magic clip, no endpoints, univariate), the trials are split by
_split_observation_pairs, a _ParzenEstimator is fitted to each group, and the score of each
candidate is log l(x) - log g(x): the value TPE maximises among its candidates.

Two departures from Optuna as installed, both switchable and both recorded here:
- "scores" are Optuna 3.1's own, whose truncated-normal log density omits -log(sigma) (optuna#5109,
  fixed in optuna#5110): jtune's TpeSettings.normalizedKernels = false;
  "normalizedScores" add the -log(sigma) of that fix: jtune's default, normalizedKernels = true.
- numpy's default argsort is not stable beyond 16 elements, so which of two equal values (trials of
  different ramp weights) gets which bandwidth would be numpy's sorting internals, not a TPE rule:
  the sort is made stable (equal values in trial order), as jtune orders them.

Run: /usr/bin/python3 tune-engine/src/test/resources/tpe/tpe_reference.py > tune-engine/src/test/resources/tpe/tpe_reference.json
"""
import contextlib
import json
import math

import numpy as np
import optuna
from optuna import distributions
from optuna.samplers._tpe import _truncnorm
from optuna.samplers._tpe import sampler as tpe_sampler
from optuna.samplers._tpe.parzen_estimator import _ParzenEstimator
from optuna.samplers._tpe.parzen_estimator import _ParzenEstimatorParameters

SPACE = {
    "u": distributions.FloatDistribution(-5.0, 10.0),
    "lr": distributions.FloatDistribution(1e-4, 1e-1, log=True),
    "units": distributions.IntDistribution(1, 12),
    "q": distributions.FloatDistribution(0.0, 2.0, step=0.25),
    "act": distributions.CategoricalDistribution(["relu", "tanh", "gelu"]),
}
PARAMETERS = _ParzenEstimatorParameters(
    consider_prior=True, prior_weight=1.0, consider_magic_clip=True, consider_endpoints=False,
    weights=tpe_sampler.default_weights, multivariate=False)


def draw(rng, dist):
    if isinstance(dist, distributions.CategoricalDistribution):
        return int(rng.randint(len(dist.choices)))
    if isinstance(dist, distributions.IntDistribution):
        return int(rng.randint(dist.low, dist.high + 1))
    if dist.log:
        return float(math.exp(rng.uniform(math.log(dist.low), math.log(dist.high))))
    if dist.step is not None:
        return float(dist.low + dist.step * rng.randint(int(round((dist.high - dist.low) / dist.step)) + 1))
    return float(rng.uniform(dist.low, dist.high))


def score(values, below, above, name, dist, x):
    """log l(x) - log g(x) of the candidates x for one parameter, as TPESampler.sample_independent."""
    mpe_below = _ParzenEstimator({name: values[below]}, {name: dist}, PARAMETERS)
    mpe_above = _ParzenEstimator({name: values[above]}, {name: dist}, PARAMETERS)
    return [float(v) for v in mpe_below.log_pdf(x) - mpe_above.log_pdf(x)]


@contextlib.contextmanager
def normalized_kernels():
    """Optuna with optuna#5110: the truncated normal's log density minus log(scale)."""
    original = _truncnorm.logpdf
    _truncnorm.logpdf = lambda x, a, b, loc=0, scale=1: original(x, a, b, loc, scale) - np.log(scale)
    try:
        yield
    finally:
        _truncnorm.logpdf = original


def stable_argsort():
    """Equal values keep their order (numpy's default quicksort does not promise it beyond 16 elements)."""
    original = np.argsort
    np.argsort = lambda a, *args, **kwargs: original(a, kind="stable")


def case(rng, n_obs, n_cand):
    observations = [{name: draw(rng, d) for name, d in SPACE.items()} for _ in range(n_obs)]
    losses = [float(rng.normal()) for _ in range(n_obs)]
    candidates = [{name: draw(rng, d) for name, d in SPACE.items()} for _ in range(n_cand)]

    scores = [(-float("inf"), [loss]) for loss in losses]
    below, above = tpe_sampler._split_observation_pairs(scores, tpe_sampler.default_gamma(n_obs), None)
    score_by_param = {}
    normalized_by_param = {}
    for name, dist in SPACE.items():
        values = np.asarray([o[name] for o in observations], dtype=float)
        categorical = isinstance(dist, distributions.CategoricalDistribution)
        x = {name: np.asarray([c[name] for c in candidates], dtype=int if categorical else float)}
        score_by_param[name] = score(values, below, above, name, dist, x)
        with normalized_kernels():
            normalized_by_param[name] = score(values, below, above, name, dist, x)

    def external(name, v):
        dist = SPACE[name]
        return dist.choices[v] if isinstance(dist, distributions.CategoricalDistribution) else v

    return {
        "observations": [{"config": {k: external(k, v) for k, v in o.items()}, "loss": l} for o, l in zip(observations, losses)],
        "good": sorted(int(i) for i in below),
        "candidates": [{k: external(k, v) for k, v in c.items()} for c in candidates],
        "scores": score_by_param,
        "normalizedScores": normalized_by_param,
    }


def main():
    stable_argsort()
    rng = np.random.RandomState(20261123)
    # 15 trials: every weight 1; 40: the bad group's older trials weigh less (Optuna's ramp)
    print(json.dumps({"optuna": optuna.__version__, "cases": [case(rng, 15, 12), case(rng, 40, 12)]}, indent=1))


if __name__ == "__main__":
    main()
