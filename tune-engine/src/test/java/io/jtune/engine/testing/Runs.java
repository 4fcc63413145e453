package io.jtune.engine.testing;

import io.jtune.api.ResourceRequest;
import io.jtune.engine.Tuner;
import io.jtune.engine.exec.LocalTrialExecutor;
import io.jtune.engine.runner.TrialRunner;
import io.jtune.engine.spec.ExperimentSpec;
import io.jtune.engine.trial.Trial;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/** Runs a tuner's experiment through the runner directly, so tests see the {@link Trial}s. */
public final class Runs {
    /** Two CPUs, whatever the test machine has, so concurrency is the same everywhere. */
    public static final ResourceRequest TWO_CPUS = new ResourceRequest(2, 0, 1L << 30, Map.of());

    private Runs() {
    }

    /** A quiet tuner (no progress, no output files) writing into {@code storage}, on two CPUs, seeded and free-running (deterministic mode off). */
    public static Tuner quiet(Tuner tuner, Path storage) {
        return tuner.storagePath(storage).name("exp").progress(false).outputFiles(false).machineResources(TWO_CPUS).seed(1).deterministic(false);
    }

    /** A quiet tuner of {@link CountingTrainable} with the given searcher and scheduler. */
    public static Tuner counting(Path storage, ListSearcher searcher, FirstComeScheduler scheduler) {
        return listed(quiet(Tuner.of(CountingTrainable.class), storage), searcher).scheduler(scheduler);
    }

    /** The tuner running every config of the list: no numSamples limit, the list ends the experiment. */
    public static Tuner listed(Tuner tuner, ListSearcher searcher) {
        return tuner.searcher(searcher).numSamples(-1);
    }

    public static List<Trial> run(Tuner tuner) {
        return run(tuner, LocalTrialExecutor.DEFAULT_CLOSE_GRACE);
    }

    /** {@code closeGrace}: how long the executor lets steps in flight finish at the end before it interrupts them. */
    public static List<Trial> run(Tuner tuner, Duration closeGrace) {
        ExperimentSpec spec = tuner.spec();
        return new TrialRunner(spec, new LocalTrialExecutor(spec.trainable(), spec.machine(), spec.reuseTrainables(), closeGrace),
                new SplittableRandom(7)).run();
    }
}
