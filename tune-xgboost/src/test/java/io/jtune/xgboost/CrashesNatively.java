package io.jtune.xgboost;

import io.jtune.api.Config;
import java.util.Map;
import ml.dmlc.xgboost4j.java.DMatrix;
import ml.dmlc.xgboost4j.java.XGBoostError;

/**
 * A trial whose config has {@code crash} = true hands XGBoost's native code a matrix with a wild
 * pointer at its third round (the JVM dies reading it).
 */
public class CrashesNatively extends XGBoostTrainable {
    static final String CRASH = "crash";
    private boolean crash;

    @Override
    protected XGBoostTask task() {
        return Synthetic.TASK;
    }

    @Override
    protected Map<String, Object> boosterParams(XGBoostTask task, Config config) {
        Map<String, Object> params = super.boosterParams(task, config);
        crash = (Boolean) params.remove(CRASH);
        return params;
    }

    @Override
    public Map<String, Object> step() throws XGBoostError {
        if (crash && rounds() == 2) {
            booster().update(new WildMatrix(), rounds());
        }
        return super.step();
    }

    /** A matrix whose native handle points nowhere. */
    private static final class WildMatrix extends DMatrix {
        WildMatrix() {
            super(1L);
        }
    }
}
