package io.jtune.xgboost;

import io.jtune.api.Checkpoint;
import io.jtune.api.LogUniform;
import io.jtune.api.Param;
import io.jtune.api.Pbt;
import io.jtune.api.Result;
import io.jtune.api.Samples;
import io.jtune.api.Seed;
import io.jtune.api.Stop;
import io.jtune.api.Trainable;

/** Population-based training of eta: every 3 rounds the worst quarter takes over a best trial's booster and perturbs its eta. */
@Trainable(metric = "validation-logloss", mode = "min")
@Pbt(timeAttr = Result.TRAINING_ITERATION, perturbationInterval = 3, mutations = "eta", quantileFraction = 0.25)
@Samples(4)
@Seed(5)
@Stop(iterations = 12)
@Checkpoint(frequency = 3, atEnd = true)
public class PbtBooster extends XGBoostTrainable {
    @Param("eta")
    @LogUniform(min = 0.01, max = 0.5)
    double eta;

    @Override
    protected XGBoostTask task() {
        return Synthetic.TASK;
    }
}
