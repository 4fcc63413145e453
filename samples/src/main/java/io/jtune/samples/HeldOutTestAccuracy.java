package io.jtune.samples;

import io.jtune.api.Mode;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.api.spi.TrialView;
import io.jtune.api.trainable.CheckpointDir;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Scores the best trial of a digit experiment on the held-out test rows, whichever way it runs
 * ({@code mvn tune:run}, a sample's main, a tuning test): found by the engine on the class path
 * ({@code META-INF/services/io.jtune.api.spi.Callback}), it acts on experiments whose metric is
 * {@link DigitsMlpTrainable#METRIC}. At the end it restores the latest checkpoint of the trial with
 * the best last validation accuracy and prints
 * {@code Test accuracy (held out, best trial <id>, checkpoint_000030): 0.9815}.
 */
public final class HeldOutTestAccuracy implements Callback {
    private final PrintStream out;
    private boolean digits;

    public HeldOutTestAccuracy() {
        this(System.out);
    }

    HeldOutTestAccuracy(PrintStream out) {
        this.out = out;
    }

    @Override
    public void setup(ExperimentInfo experiment) {
        digits = DigitsMlpTrainable.METRIC.equals(experiment.metric()) && experiment.mode() == Mode.MAX
                && experiment.space().domains().containsKey(DigitsMlpTrainable.LEARNING_RATE);
    }

    @Override
    public void onExperimentEnd(List<? extends TrialView> trials) {
        if (!digits) {
            return;
        }
        best(trials).ifPresent(best -> {
            CheckpointDir checkpoint = best.latestCheckpoint().orElseThrow();
            try {
                double accuracy = DigitsMlpTrainable.testAccuracy(DigitsMlpTrainable.hyperparameters(best.config()), checkpoint.path());
                out.printf(Locale.ROOT, "Test accuracy (held out, best trial %s, %s): %.4f%n", best.id(), checkpoint.path().getFileName(), accuracy);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot score " + checkpoint.path() + " on the test rows: " + e.getMessage(), e);
            }
        });
    }

    /** The terminated trial with a checkpoint whose last result has the highest validation accuracy. */
    private static Optional<? extends TrialView> best(List<? extends TrialView> trials) {
        return trials.stream()
                .filter(t -> t.status() == TrialStatus.TERMINATED && t.latestCheckpoint().isPresent() && t.lastResult() != null
                        && t.lastResult().has(DigitsMlpTrainable.METRIC))
                .max(Comparator.comparingDouble(t -> metric(t.lastResult())));
    }

    private static double metric(Result result) {
        return result.getDouble(DigitsMlpTrainable.METRIC);
    }
}
