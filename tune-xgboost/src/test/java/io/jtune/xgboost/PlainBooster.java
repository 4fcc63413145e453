package io.jtune.xgboost;

/** The synthetic task as a class-API trainable (no annotations): configured in code through the Tuner. */
public class PlainBooster extends XGBoostTrainable {
    @Override
    protected XGBoostTask task() {
        return Synthetic.TASK;
    }
}
