package io.jtune.samples;

import io.jtune.engine.ResultGrid;
import io.jtune.engine.Tuner;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;

/** Runs a digit sample's experiment and scores its best trial on the held-out test rows. */
final class DigitsTuning {
    private DigitsTuning() {
    }

    /** What a digit experiment found. */
    record Outcome(ResultGrid grid, ResultGrid.BestResult best, Path checkpoint, double testAccuracy) {

        /** The best trial's config, validation accuracy and where the results are ({@link HeldOutTestAccuracy} printed its test accuracy). */
        void print(PrintStream out) {
            out.printf(Locale.ROOT, "%nBest trial: %s after %d training iterations%n", best.trial().id(), best.lastResult().trainingIteration());
            out.printf(Locale.ROOT, "Best config: %s%n", best.config());
            out.printf(Locale.ROOT, "Validation accuracy: %.4f%n", best.value());
            SampleOutput.printTrials(grid, out);
        }
    }

    /** Runs the experiment, then restores the best trial's latest checkpoint and scores it on the test rows. */
    static Outcome run(Tuner tuner) throws IOException {
        ResultGrid grid = tuner.fit();
        ResultGrid.BestResult best = grid.getBestResult();
        Path checkpoint = SampleOutput.latestCheckpoint(best);
        double testAccuracy = DigitsMlpTrainable.testAccuracy(DigitsMlpTrainable.hyperparameters(best.config()), checkpoint);
        return new Outcome(grid, best, checkpoint, testAccuracy);
    }
}
