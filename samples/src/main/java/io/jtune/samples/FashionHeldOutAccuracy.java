package io.jtune.samples;

import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.api.spi.TrialView;
import io.jtune.api.trainable.CheckpointDir;
import io.jtune.samples.data.FashionMnist;
import io.jtune.xgboost.BoosterCheckpoint;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import ml.dmlc.xgboost4j.java.Booster;
import ml.dmlc.xgboost4j.java.DMatrix;
import ml.dmlc.xgboost4j.java.XGBoostError;

/**
 * Scores the best trial of a {@link FashionXgboostAsha} experiment on the 10,000 held-out
 * Fashion-MNIST test images, however it runs ({@code mvn tune:run}, the main, a test): found on the
 * class path ({@code META-INF/services/io.jtune.api.spi.Callback}), it acts on experiments whose
 * metric is {@link FashionXgboostAsha#METRIC} over the sample's parameters. At the end it loads the
 * booster of the latest checkpoint of the trial with the lowest last validation log loss and prints
 * {@code Test accuracy (held out, best trial <id>, checkpoint_000027, 27 rounds): 0.8612}.
 */
public final class FashionHeldOutAccuracy implements Callback {
    private final PrintStream out;
    private boolean fashion;
    private double accuracy = Double.NaN;

    public FashionHeldOutAccuracy() {
        this(System.out);
    }

    FashionHeldOutAccuracy(PrintStream out) {
        this.out = out;
    }

    @Override
    public void setup(ExperimentInfo experiment) {
        fashion = FashionXgboostAsha.METRIC.equals(experiment.metric()) && experiment.space().domains().keySet().containsAll(FashionXgboostAsha.PARAMS);
    }

    @Override
    public void onExperimentEnd(List<? extends TrialView> trials) {
        if (!fashion) {
            return;
        }
        best(trials).ifPresent(best -> {
            CheckpointDir checkpoint = best.latestCheckpoint().orElseThrow();
            try {
                Booster booster = BoosterCheckpoint.read(checkpoint.path());
                try {
                    accuracy = testAccuracy(booster);
                    out.printf(Locale.ROOT, "Test accuracy (held out, best trial %s, %s, %d rounds): %.4f%n", best.id(),
                            checkpoint.path().getFileName(), BoosterCheckpoint.rounds(booster), accuracy);
                } finally {
                    booster.dispose();
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot score " + checkpoint.path() + " on the test images: " + e.getMessage(), e);
            } catch (XGBoostError e) {
                throw new IllegalStateException("XGBoost cannot score " + checkpoint.path() + " on the test images: " + e.getMessage(), e);
            }
        });
    }

    /** The last accuracy printed; NaN before. */
    double accuracy() {
        return accuracy;
    }

    /** The share of the 10,000 test images whose most probable class is their label. */
    static double testAccuracy(Booster booster) throws XGBoostError {
        FashionMnist.Rows test = FashionMnist.test(0, 10_000);
        DMatrix matrix = FashionXgboostAsha.matrix(test);
        try {
            float[][] probabilities = booster.predict(matrix);
            int correct = 0;
            for (int i = 0; i < probabilities.length; i++) {
                correct += argmax(probabilities[i]) == (int) test.labels()[i] ? 1 : 0;
            }
            return (double) correct / probabilities.length;
        } finally {
            matrix.dispose();
        }
    }

    private static int argmax(float[] values) {
        int best = 0;
        for (int i = 1; i < values.length; i++) {
            if (values[i] > values[best]) {
                best = i;
            }
        }
        return best;
    }

    /** The terminated trial with a checkpoint whose last result has the lowest validation log loss. */
    private static Optional<? extends TrialView> best(List<? extends TrialView> trials) {
        return trials.stream()
                .filter(t -> t.status() == TrialStatus.TERMINATED && t.latestCheckpoint().isPresent() && t.lastResult() != null
                        && t.lastResult().has(FashionXgboostAsha.METRIC))
                .min(Comparator.comparingDouble(t -> metric(t.lastResult())));
    }

    private static double metric(Result result) {
        return result.getDouble(FashionXgboostAsha.METRIC);
    }
}
