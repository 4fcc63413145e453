package io.jtune.samples;

import io.jtune.api.Config;
import io.jtune.api.Mode;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.trainable.CheckpointDir;
import io.jtune.api.trainable.Session;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.Tuner;
import io.jtune.engine.schedule.AsyncHyperBandScheduler;
import io.jtune.engine.spec.CheckpointPolicy;
import io.jtune.samples.boosting.BoostingHyperparameters;
import io.jtune.samples.boosting.BoostingMetrics;
import io.jtune.samples.boosting.DiabetesRegressors;
import io.jtune.samples.boosting.GradientBoostedTrees;
import io.jtune.samples.boosting.RegressionScore;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
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
    static final int SAMPLES = 40;
    static final String LEARNING_RATE = "learning_rate";
    static final String MAX_DEPTH = "max_depth";
    static final String MIN_SAMPLES_LEAF = "min_samples_leaf";
    static final String SUBSAMPLE = "subsample";
    /** Checkpoints kept per trial: the two of lowest validation RMSE (and always the latest). */
    static final int CHECKPOINTS_KEPT = 2;

    private DiabetesFunctionApi() {
    }

    /** The hyperparameters searched, with ranges wide enough to show both underfitting and overfitting. */
    public static SearchSpace space() {
        return SearchSpace.builder()
                .loguniform(LEARNING_RATE, 0.005, 0.5)
                .randint(MAX_DEPTH, 1, 7)
                .randint(MIN_SAMPLES_LEAF, 1, 31)
                .uniform(SUBSAMPLE, 0.5, 1.0)
                .build();
    }

    /** The model's hyperparameters read from a trial's config; a missing or invalid one is named. */
    public static BoostingHyperparameters hyperparameters(Config config) {
        return new BoostingHyperparameters(config.getDouble(LEARNING_RATE), config.getInt(MAX_DEPTH),
                config.getInt(MIN_SAMPLES_LEAF), config.getDouble(SUBSAMPLE));
    }

    /**
     * The train function: resumes from the session's checkpoint when there is one, then grows the
     * ensemble to {@value #MAX_TREES} trees, reporting validation RMSE and R², training RMSE and
     * the tree count after every {@value #TREES_PER_REPORT} trees together with a checkpoint.
     */
    public static void train(Config config, Session session) throws IOException {
        GradientBoostedTrees model = DiabetesRegressors.create(hyperparameters(config), MODEL_SEED);
        Optional<CheckpointDir> resumeFrom = session.checkpoint();
        if (resumeFrom.isPresent()) {
            model.restore(resumeFrom.get().path());
        }
        while (model.trees() < MAX_TREES) {
            BoostingMetrics metrics = model.grow(Math.min(TREES_PER_REPORT, MAX_TREES - model.trees()));
            Path checkpoint = Files.createTempDirectory(session.trialDir(), "checkpoint_tmp");
            model.save(checkpoint);
            session.report(asMetrics(metrics), CheckpointDir.fromDirectory(checkpoint));
        }
    }

    /** Restores the ensemble a {@link #train} checkpoint holds (to score it on the test rows). */
    public static GradientBoostedTrees restore(Config config, Path checkpoint) throws IOException {
        GradientBoostedTrees model = DiabetesRegressors.create(hyperparameters(config), MODEL_SEED);
        model.restore(checkpoint);
        return model;
    }

    /**
     * The experiment: {@value #SAMPLES} configs from {@link #space()}, ASHA over reports (rungs at 3, 9
     * and 27 reports, i.e. 30, 90 and 270 trees) stopping the trials whose validation RMSE lags.
     */
    public static Tuner tuner() {
        return Tuner.of("DiabetesBoosting", DiabetesFunctionApi::train)
                .space(space())
                .metric(METRIC, Mode.MIN)
                .numSamples(SAMPLES)
                .scheduler(AsyncHyperBandScheduler.builder()
                        .maxT(MAX_TREES / TREES_PER_REPORT)
                        .gracePeriod(3)
                        .reductionFactor(3)
                        .build())
                .checkpoint(new CheckpointPolicy(0, false, CHECKPOINTS_KEPT, METRIC, Mode.MIN))
                .seed(2024);
    }

    /** What the experiment found: the best trial and its final ensemble restored from its checkpoint. */
    public record Outcome(ResultGrid grid, ResultGrid.BestResult best, Path checkpoint, GradientBoostedTrees model) {

        /** The best trial's config, validation scores, held-out test scores and where the results are. */
        public void print(PrintStream out) {
            RegressionScore test = model.test();
            out.printf(Locale.ROOT, "%nBest trial: %s with %d trees%n", best.trial().id(), model.trees());
            out.printf(Locale.ROOT, "Best config: %s%n", best.config());
            out.printf(Locale.ROOT, "Validation RMSE: %.2f, R²: %.3f%n", best.value(), model.metrics().validation().r2());
            out.printf(Locale.ROOT, "Test RMSE (held out, from %s): %.2f, R²: %.3f%n", checkpoint.getFileName(), test.rmse(), test.r2());
            SampleOutput.printTrials(grid, out);
        }
    }

    /** Runs the experiment, then restores the best trial's latest checkpoint. */
    public static Outcome run(Tuner tuner) throws IOException {
        ResultGrid grid = tuner.fit();
        ResultGrid.BestResult best = grid.getBestResult();
        Path checkpoint = SampleOutput.latestCheckpoint(best);
        return new Outcome(grid, best, checkpoint, restore(best.config(), checkpoint));
    }

    /** Runs the experiment; prints the progress table, the best config and its held-out test scores. */
    public static void main(String[] args) throws IOException {
        run(tuner()).print(System.out);
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
