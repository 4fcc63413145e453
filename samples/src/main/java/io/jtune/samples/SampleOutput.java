package io.jtune.samples;

import io.jtune.engine.ResultGrid;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;

/** What every sample does with its results: find the best trial's checkpoint and say where the results are. */
final class SampleOutput {
    private SampleOutput() {
    }

    /** The best trial's latest checkpoint folder (the model its last result describes). */
    static Path latestCheckpoint(ResultGrid.BestResult best) {
        return best.checkpoint().orElseThrow(() -> new IllegalStateException("the best trial " + best.trial().id()
                + " left no checkpoint; have the trials save one at the end (@Checkpoint(atEnd = true) or a checkpoint with each report)"))
                .path();
    }

    /** One line: how many trials ended how, and the experiment folder. */
    static void printTrials(ResultGrid grid, PrintStream out) {
        out.printf(Locale.ROOT, "Trials: %d (%d terminated, %d errored); results in %s%n", grid.size(), grid.numTerminated(),
                grid.numErrors(), grid.experimentDir());
    }
}
