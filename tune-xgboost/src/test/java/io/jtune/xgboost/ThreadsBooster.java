package io.jtune.xgboost;

import java.util.HashMap;
import java.util.Map;
import ml.dmlc.xgboost4j.java.XGBoostError;

/** The synthetic task without a fixed nthread, reporting the nthread its booster trains with. */
public class ThreadsBooster extends XGBoostTrainable {
    static final XGBoostTask TASK = XGBoostTask.of(Synthetic.DATA, withoutThreads());

    @Override
    protected XGBoostTask task() {
        return TASK;
    }

    @Override
    public Map<String, Object> step() throws XGBoostError {
        Map<String, Object> metrics = super.step();
        metrics.put(BoosterParams.NTHREAD, params().get(BoosterParams.NTHREAD));
        return metrics;
    }

    private static Map<String, Object> withoutThreads() {
        Map<String, Object> params = new HashMap<>(Synthetic.PARAMS);
        params.remove(BoosterParams.NTHREAD);
        return params;
    }
}
