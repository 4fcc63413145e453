package io.jtune.xgboost;

import io.jtune.api.Config;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import ml.dmlc.xgboost4j.java.Booster;
import ml.dmlc.xgboost4j.java.XGBoostError;

/**
 * Per-trial data from {@link CountingData}; a trial whose config has {@code fail_at_round} = r
 * throws at round r (that entry is not an XGBoost parameter, so it is dropped from the booster's).
 * Every booster that trained a round is kept in {@link #TRAINED}, so a test can see it freed.
 */
public class ReleasingBooster extends XGBoostTrainable {
    static final String FAIL_AT_ROUND = "fail_at_round";
    static final Set<Booster> TRAINED = Collections.synchronizedSet(Collections.newSetFromMap(new IdentityHashMap<>()));
    private int failAt;

    @Override
    protected XGBoostTask task() {
        return new XGBoostTask(CountingData.INSTANCE, Synthetic.PARAMS, 1);
    }

    @Override
    protected Map<String, Object> boosterParams(XGBoostTask task, Config config) {
        Map<String, Object> params = super.boosterParams(task, config);
        failAt = ((Number) params.remove(FAIL_AT_ROUND)).intValue();
        return params;
    }

    @Override
    public Map<String, Object> step() throws XGBoostError {
        if (rounds() == failAt) {
            throw new IllegalStateException("injected failure at round " + failAt);
        }
        TRAINED.add(booster());
        return super.step();
    }
}
