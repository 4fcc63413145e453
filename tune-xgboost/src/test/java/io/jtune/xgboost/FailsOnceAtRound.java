package io.jtune.xgboost;

import io.jtune.api.trainable.TrialContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import ml.dmlc.xgboost4j.java.XGBoostError;

/**
 * The synthetic task, failing once per trial when it reaches round {@value #FAIL_AT} (remembered
 * in a file of the trial's folder, so also across worker processes): the retry must continue from
 * the checkpoint of that round.
 */
public class FailsOnceAtRound extends XGBoostTrainable {
    static final int FAIL_AT = 6;
    static final String MARKER = "failed-once";

    @Override
    protected XGBoostTask task() {
        return Synthetic.TASK;
    }

    @Override
    public Map<String, Object> step() throws XGBoostError {
        Path marker = TrialContext.current().trialDir().resolve(MARKER);
        if (rounds() == FAIL_AT && !Files.exists(marker)) {
            try {
                Files.createFile(marker);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            throw new IllegalStateException("injected failure at round " + FAIL_AT);
        }
        return super.step();
    }
}
