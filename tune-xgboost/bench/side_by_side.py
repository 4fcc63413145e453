#!/usr/bin/python3
"""jtune against Optuna on the same XGBoost (1.7.4), data split, search space, budget and 2 cores.

For each seed: Optuna 3.1 (TPESampler, SuccessiveHalvingPruner with min_resource=3 and
reduction_factor=3, optuna.integration.XGBoostPruningCallback, n_jobs=2) and jtune (TPE,
ASHA with grace period 3 and reduction factor 3, 2 concurrent trials; JtuneSide.java) each tune
TRIALS configurations of at most MAX_ROUNDS boosting rounds, one XGBoost thread a trial; then each
side trains the configurations it tried, for the rounds it trained them, in a plain loop on 2
threads, to measure its overhead. The two sides alternate which goes first. Prints one line per
run and the medians over the seeds.

Data: Debian's dataset-fashion-mnist, 2x2-pooled to 196 features; TRAIN_ROWS training images
and VALID_ROWS validation images from the end of the training file, written once as XGBoost binary
matrices that both sides load.

Run from the repository root (see docs for the Maven command that writes the class path file):
  /usr/bin/python3 tune-xgboost/bench/side_by_side.py --seeds 5
"""
import argparse
import gzip
import json
import os
import statistics
import subprocess
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import optuna
import xgboost as xgb

FASHION = '/usr/share/datasets/fashion-mnist/'
TRAIN_ROWS = 6000
VALID_ROWS = 2000
TRIALS = 24
MAX_ROUNDS = 27
FIXED = {'objective': 'multi:softprob', 'num_class': 10, 'tree_method': 'hist', 'max_bin': 32,
         'eval_metric': 'mlogloss', 'verbosity': 0}
HERE = os.path.dirname(os.path.abspath(__file__))
MODULE = os.path.dirname(HERE)


def idx(name, offset):
    with gzip.open(FASHION + name) as f:
        return np.frombuffer(f.read(), np.uint8, offset=offset)


def prepare(out):
    """Writes train.buffer and valid.buffer (pooled Fashion-MNIST rows) into out; returns the matrices."""
    images = idx('train-images-idx3-ubyte.gz', 16).reshape(-1, 28, 28).astype(np.float32)
    labels = idx('train-labels-idx1-ubyte.gz', 8).astype(np.float32)
    pooled = images.reshape(-1, 14, 2, 14, 2).mean(axis=(2, 4)).reshape(-1, 196)
    valid_from = len(labels) - VALID_ROWS
    dtrain = xgb.DMatrix(pooled[:TRAIN_ROWS], label=labels[:TRAIN_ROWS])
    dvalid = xgb.DMatrix(pooled[valid_from:], label=labels[valid_from:])
    os.makedirs(out, exist_ok=True)
    dtrain.save_binary(os.path.join(out, 'train.buffer'))
    dvalid.save_binary(os.path.join(out, 'valid.buffer'))
    return dtrain, dvalid


class BestSoFar(xgb.callback.TrainingCallback):
    """Best validation mlogloss over every round of every trial, against seconds and rounds done."""

    def __init__(self, start):
        self.start, self.rounds, self.best, self.curve = start, 0, float('inf'), []
        self.lock = threading.Lock()

    def record(self, value):
        with self.lock:
            self.rounds += 1
            if value < self.best:
                self.best = value
                self.curve.append([time.perf_counter() - self.start, self.rounds, value])


class Recorder(xgb.callback.TrainingCallback):
    def __init__(self, best):
        self.best = best

    def after_iteration(self, model, epoch, evals_log):
        self.best.record(evals_log['validation']['mlogloss'][-1])
        return False


def params_of(trial, seed):
    params = dict(FIXED, seed=seed, nthread=1)
    params['eta'] = trial.suggest_float('eta', 0.05, 0.6, log=True)
    params['max_depth'] = trial.suggest_int('max_depth', 3, 8)
    params['min_child_weight'] = trial.suggest_float('min_child_weight', 0.5, 8, log=True)
    params['subsample'] = trial.suggest_float('subsample', 0.5, 1.0)
    params['colsample_bytree'] = trial.suggest_float('colsample_bytree', 0.3, 1.0)
    return params


def plain_loop(dtrain, dvalid, runs):
    """Trains each (params, rounds) with evaluation every round, 2 at a time, as the tuner did; returns seconds."""
    def train(run):
        params, rounds = run
        xgb.train(params, dtrain, rounds, evals=[(dvalid, 'validation')], verbose_eval=False)
    start = time.perf_counter()
    with ThreadPoolExecutor(2) as pool:
        list(pool.map(train, runs))
    return time.perf_counter() - start


def optuna_side(seed, dtrain, dvalid):
    xgb.train(dict(FIXED, seed=seed), dtrain, 1)  # builds the quantile index before timing, as JtuneSide does
    start = time.perf_counter()
    best = BestSoFar(start)
    runs = []

    def objective(trial):
        params = params_of(trial, seed)
        runs.append(params)
        pruning = optuna.integration.XGBoostPruningCallback(trial, 'validation-mlogloss')
        booster = xgb.train(params, dtrain, MAX_ROUNDS, evals=[(dvalid, 'validation')], verbose_eval=False,
                            callbacks=[Recorder(best), pruning])
        return float(booster.eval(dvalid, 'validation').split(':')[1])

    study = optuna.create_study(direction='minimize',
                                sampler=optuna.samplers.TPESampler(seed=seed, n_startup_trials=6),
                                pruner=optuna.pruners.SuccessiveHalvingPruner(min_resource=3, reduction_factor=3))
    study.optimize(objective, n_trials=TRIALS, n_jobs=2)
    wall = time.perf_counter() - start
    rounds = {t.number: len(t.intermediate_values) for t in study.trials}
    replay = [(dict(FIXED, seed=seed, nthread=1, **t.params), rounds[t.number]) for t in study.trials]
    return {'side': 'optuna', 'seed': seed, 'wall_s': wall, 'plain_wall_s': plain_loop(dtrain, dvalid, replay),
            'rounds': best.rounds, 'best': best.best, 'curve': best.curve}


def jtune_side(seed, data_dir, classpath, searcher):
    out = subprocess.run(['java', '-Djtune.bench.searcher=' + searcher, '-cp', classpath, 'io.jtune.xgboost.bench.JtuneSide', data_dir, str(seed),
                          str(TRIALS), str(MAX_ROUNDS)], check=True, capture_output=True, text=True).stdout
    return json.loads([line for line in out.splitlines() if line.startswith('{')][-1])


def time_to_reach(curve, target):
    return next((t for t, _, best in curve if best <= target), float('inf'))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--seeds', type=int, default=5)
    parser.add_argument('--searcher', choices=('tpe', 'auto'), default='tpe',
                        help="jtune's searcher: TPE with 6 startup trials, or AutoSearch's choice")
    parser.add_argument('--classpath-file', default=os.path.join(MODULE, 'target', 'bench-classpath.txt'))
    args = parser.parse_args()
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    with open(args.classpath_file) as f:
        classpath = ':'.join([os.path.join(MODULE, 'target', 'test-classes'), os.path.join(MODULE, 'target', 'classes'), f.read().strip()])
    data_dir = os.path.join(MODULE, 'target', 'bench-data')
    dtrain, dvalid = prepare(data_dir)
    print('xgboost', xgb.__version__, 'optuna', optuna.__version__, 'jtune searcher', args.searcher, 'cores', os.cpu_count(), 'trials', TRIALS, 'max rounds', MAX_ROUNDS)
    results = []
    for seed in range(1, args.seeds + 1):
        first, second = ('jtune', 'optuna') if seed % 2 else ('optuna', 'jtune')
        for side in (first, second):
            r = jtune_side(seed, data_dir, classpath, args.searcher) if side == 'jtune' else optuna_side(seed, dtrain, dvalid)
            r['overhead'] = r['wall_s'] / r['plain_wall_s']
            results.append(r)
            print(json.dumps({k: (round(v, 4) if isinstance(v, float) else v) for k, v in r.items() if k != 'curve'}), flush=True)
    by_seed = {}
    for r in results:
        by_seed.setdefault(r['seed'], {})[r['side']] = r
    print()
    print('| median of %d seeds | best validation mlogloss | wall s | boosting rounds | plain loop s | overhead |' % args.seeds)
    print('|---|---|---|---|---|---|')
    for side in ('jtune', 'optuna'):
        rs = [s[side] for s in by_seed.values()]
        print('| %s | %.4f | %.1f | %d | %.1f | %.3f |' % (side, statistics.median(r['best'] for r in rs), statistics.median(r['wall_s'] for r in rs),
                                                           statistics.median(r['rounds'] for r in rs), statistics.median(r['plain_wall_s'] for r in rs),
                                                           statistics.median(r['overhead'] for r in rs)))
    ratios = [s['jtune']['wall_s'] / s['optuna']['wall_s'] for s in by_seed.values()]
    reach = [time_to_reach(s['jtune']['curve'], s['optuna']['best']) / s['optuna']['wall_s'] for s in by_seed.values()]
    print()
    print('median jtune/optuna wall time: %.3f' % statistics.median(ratios))
    print('median time for jtune to reach optuna\'s final best, over optuna\'s wall time: %.3f' % statistics.median(reach))
    with open(os.path.join(MODULE, 'target', 'bench-results.json'), 'w') as f:
        json.dump(results, f)


if __name__ == '__main__':
    main()
