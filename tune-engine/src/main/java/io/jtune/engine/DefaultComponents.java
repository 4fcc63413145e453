package io.jtune.engine;

import io.jtune.api.Mode;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.SearchAlgorithm;
import io.jtune.api.spi.TrialScheduler;
import io.jtune.engine.runner.Trial;
import java.util.List;

/** The components an experiment gets unless the {@link Tuner} is told otherwise. */
final class DefaultComponents {
    private DefaultComponents() {
    }

    static SearchAlgorithm searcher(int numSamples) {
        throw new IllegalStateException("pending merge of engine-outputs: BasicVariantGenerator");
    }

    static TrialScheduler scheduler() {
        throw new IllegalStateException("pending merge of engine-outputs: FifoScheduler");
    }

    static List<Callback> loggers() {
        return List.of();
    }

    static Callback progressReporter(String metric, Mode mode) {
        return new Callback() { };
    }

    static ResultGrid resultGrid(List<Trial> trials, ExperimentSpec spec) {
        return new ResultGrid();
    }
}
