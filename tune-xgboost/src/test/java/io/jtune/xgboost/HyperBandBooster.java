package io.jtune.xgboost;

import io.jtune.api.Checkpoint;
import io.jtune.api.HyperBand;
import io.jtune.api.IntRange;
import io.jtune.api.LogUniform;
import io.jtune.api.Param;
import io.jtune.api.Samples;
import io.jtune.api.Seed;
import io.jtune.api.Trainable;

/**
 * The annotated form: XGBoost parameters as {@code @Param} fields under XGBoost's names, raced by
 * synchronous HyperBand, which pauses trials at each rung and resumes the survivors from their
 * checkpoints.
 */
@Trainable(metric = "validation-logloss", mode = "min")
@HyperBand(maxT = HyperBandBooster.MAX_ROUNDS, reductionFactor = 3)
@Samples(6)
@Seed(11)
@Checkpoint(frequency = 3, atEnd = true)
public class HyperBandBooster extends XGBoostTrainable {
    static final int MAX_ROUNDS = 9;

    @Param("eta")
    @LogUniform(min = 0.05, max = 0.5)
    double eta;

    @Param("max_depth")
    @IntRange(min = 2, max = 6)
    int maxDepth;

    @Override
    protected XGBoostTask task() {
        return Synthetic.TASK;
    }
}
