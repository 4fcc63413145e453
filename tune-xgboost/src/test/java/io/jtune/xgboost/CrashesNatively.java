package io.jtune.xgboost;

import io.jtune.api.Config;
import java.util.Map;
import ml.dmlc.xgboost4j.java.XGBoostError;
import ml.dmlc.xgboost4j.java.XGBoostJNI;

/** A trial whose config has {@code crash} = true makes XGBoost's native code read a wild pointer at its third round (the JVM dies). */
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
            XGBoostJNI.XGBoosterUpdateOneIter(1L, 2, 1L);
        }
        return super.step();
    }
}
