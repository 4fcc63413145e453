package io.jtune.xgboost;

import io.jtune.api.Config;
import io.jtune.api.trainable.Session;
import io.jtune.api.trainable.TrainFunction;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import ml.dmlc.xgboost4j.java.Booster;

/**
 * A user's own boosting loop with {@link XGBoostReportCallback}, failing once at round
 * {@value FailsOnceAtRound#FAIL_AT}; the retry resumes the booster from the callback's checkpoint.
 */
public class OwnLoop implements TrainFunction {
    static final int ROUNDS = 12;

    @Override
    public void train(Config config, Session session) throws Exception {
        TrainingData data = Synthetic.DATA.open();
        Map<String, Object> params = new HashMap<>(Synthetic.PARAMS);
        params.put("eta", config.get("eta"));
        XGBoostReportCallback callback = XGBoostReportCallback.of(session, data.watches()).checkpointEvery(2);
        Booster booster = callback.booster(data.train(), params);
        Path marker = session.trialDir().resolve(FailsOnceAtRound.MARKER);
        try {
            for (int round = callback.firstRound(); round < ROUNDS; round++) {
                if (round == FailsOnceAtRound.FAIL_AT && !Files.exists(marker)) {
                    Files.createFile(marker);
                    throw new IllegalStateException("injected failure at round " + round);
                }
                booster.update(data.train(), round);
                callback.afterRound(booster, round);
            }
        } finally {
            booster.dispose();
        }
    }
}
