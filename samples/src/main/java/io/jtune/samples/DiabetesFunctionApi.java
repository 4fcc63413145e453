package io.jtune.samples;

import io.jtune.api.Config;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.trainable.Checkpoint;
import io.jtune.api.trainable.Session;
import io.jtune.samples.boosting.BoostingHyperparameters;
import io.jtune.samples.boosting.BoostingMetrics;
import io.jtune.samples.boosting.DiabetesRegressors;
import io.jtune.samples.boosting.GradientBoostedTrees;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Sample 3, the function API: gradient-boosted regression trees on the diabetes data, tuned over
 * learning rate, tree depth, leaf size and row subsampling. One call of {@link #train} is one
 * trial: it grows the ensemble {@value #TREES_PER_REPORT} trees at a time and hands each result to
 * the driver with {@code session.report(metrics, checkpoint)}, so a scheduler can stop a weak
 * trial early and a restarted trial resumes from its latest ensemble instead of from scratch.
 */
public final class DiabetesFunctionApi {
    /** The metric tuned (lower is better): root mean squared error on the validation rows. */
    public static final String METRIC = "validation_rmse";
    /** Trees grown between two reports; one report is one training iteration. */
    public static final int TREES_PER_REPORT = 10;
    /** The largest ensemble a trial grows. */
    public static final int MAX_TREES = 300;
    /** The seed of row subsampling, the same in every trial so configs are compared fairly. */
    static final long MODEL_SEED = 7;

    private DiabetesFunctionApi() {
    }

    /** The hyperparameters searched, with ranges wide enough to show both underfitting and overfitting. */
    public static SearchSpace space() {
        return SearchSpace.builder()
                .loguniform("learning_rate", 0.005, 0.5)
                .randint("max_depth", 1, 7)
                .randint("min_samples_leaf", 1, 31)
                .uniform("subsample", 0.5, 1.0)
                .build();
    }

    /** The model's hyperparameters read from a trial's config; a missing or invalid one is named. */
    public static BoostingHyperparameters hyperparameters(Config config) {
        return new BoostingHyperparameters(config.getDouble("learning_rate"), config.getInt("max_depth"),
                config.getInt("min_samples_leaf"), config.getDouble("subsample"));
    }

    /**
     * The train function: resumes from the session's checkpoint when there is one, then grows the
     * ensemble to {@value #MAX_TREES} trees, reporting validation RMSE and R², training RMSE and
     * the tree count after every {@value #TREES_PER_REPORT} trees together with a checkpoint.
     */
    public static void train(Config config, Session session) throws IOException {
        GradientBoostedTrees model = DiabetesRegressors.create(hyperparameters(config), MODEL_SEED);
        Optional<Checkpoint> resumeFrom = session.checkpoint();
        if (resumeFrom.isPresent()) {
            model.restore(resumeFrom.get().path());
        }
        while (model.trees() < MAX_TREES) {
            BoostingMetrics metrics = model.grow(Math.min(TREES_PER_REPORT, MAX_TREES - model.trees()));
            Path checkpoint = Files.createTempDirectory(session.trialDir(), "checkpoint_tmp");
            model.save(checkpoint);
            session.report(asMetrics(metrics), Checkpoint.fromDirectory(checkpoint));
        }
    }

    /** Restores the ensemble a {@link #train} checkpoint holds (to score it on the test rows). */
    public static GradientBoostedTrees restore(Config config, Path checkpoint) throws IOException {
        GradientBoostedTrees model = DiabetesRegressors.create(hyperparameters(config), MODEL_SEED);
        model.restore(checkpoint);
        return model;
    }

    private static Map<String, Object> asMetrics(BoostingMetrics metrics) {
        Map<String, Object> result = new LinkedHashMap<>();
        result.put(METRIC, metrics.validation().rmse());
        result.put("validation_r2", metrics.validation().r2());
        result.put("train_rmse", metrics.train().rmse());
        result.put("trees", metrics.trees());
        return result;
    }
}
