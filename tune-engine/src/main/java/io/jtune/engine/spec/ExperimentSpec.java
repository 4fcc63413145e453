package io.jtune.engine.spec;

import io.jtune.api.Mode;
import io.jtune.api.ResourceRequest;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.api.spi.Objective;
import io.jtune.api.spi.SearchAlgorithm;
import io.jtune.api.spi.Stopper;
import io.jtune.api.spi.TrialScheduler;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * Everything an experiment runs with, as the {@link io.jtune.engine.Tuner} collected it, defaults filled in.
 * Immutable (the components it names are the live instances the runner drives).
 *
 * @param trainable what each trial trains
 * @param name the experiment's name (its folder)
 * @param storagePath the folder holding experiment folders
 * @param space the search space
 * @param metric the metric to optimise, or null
 * @param mode whether {@code metric} is minimised or maximised (null when there is no metric)
 * @param numSamples how many times the space is sampled, or -1 for no limit
 * @param searcher suggests each trial's config; one that is not a basic variant generator is wrapped
 *        in a {@link io.jtune.engine.search.SampleLimit} of {@code numSamples}
 * @param scheduler decides which trials run, pause and stop
 * @param stoppers stop rules; a trial stops when any says so
 * @param resources what each trial needs
 * @param machine what the machine offers
 * @param maxConcurrentTrials at most this many trials run at once (0 = as resources allow)
 * @param maxPendingTrials at most this many trials wait PENDING ahead of free resources
 *        ({@link io.jtune.engine.runner.PendingTrialLimit#AUTO} = chosen from the searcher and the CPUs)
 * @param maxFailures retries of a failed trial (-1 = unlimited)
 * @param failFast what a trial error does to the experiment
 * @param checkpoint when trials checkpoint and how many checkpoints are kept
 * @param reuseTrainables hand a finished trainable the next config through {@code reset}
 * @param seed the seed every random choice derives from
 * @param callbacks loggers, progress output and user callbacks, in call order
 * @param snapshotPeriod the least time between two writes of {@code experiment_state.json}
 * @param stallTimeout a trial whose run posts nothing for longer fails ({@link Duration#ZERO} = no limit;
 *        see {@link io.jtune.engine.trial.StallLimit})
 * @param deterministicWidth 0, or deterministic mode's logical width: results reach the searcher,
 *        scheduler and stoppers as if that many trials ran in lock-step, whatever runs physically
 *        ({@code maxConcurrentTrials} bounds that), so the same seed gives the same run at any thread
 *        timing and concurrency (see {@link io.jtune.engine.runner.DeterministicWidth})
 * @param objectives every metric of a multi-objective experiment (the first is {@code metric}); empty otherwise
 * @param resultBuffer how many results a trial may report ahead of the driver's decisions (1 = none, 0 = the
 *        executor's default; see {@link io.jtune.engine.runner.ResultBuffer})
 */
public record ExperimentSpec(TrainableSpec trainable, String name, Path storagePath, SearchSpace space, String metric, Mode mode,
                             int numSamples, SearchAlgorithm searcher, TrialScheduler scheduler, List<Stopper> stoppers,
                             ResourceRequest resources, ResourceRequest machine, int maxConcurrentTrials, int maxPendingTrials, int maxFailures,
                             FailFast failFast, CheckpointPolicy checkpoint, boolean reuseTrainables, long seed,
                             List<Callback> callbacks, Duration snapshotPeriod, Duration stallTimeout, int deterministicWidth, List<Objective> objectives,
                             int resultBuffer) {

    public ExperimentSpec {
        Objects.requireNonNull(trainable, "trainable");
        Objects.requireNonNull(name, "experiment name");
        Objects.requireNonNull(storagePath, "storage path");
        Objects.requireNonNull(space, "search space");
        Objects.requireNonNull(searcher, "searcher");
        Objects.requireNonNull(scheduler, "scheduler");
        Objects.requireNonNull(resources, "resources per trial");
        Objects.requireNonNull(machine, "machine resources");
        Objects.requireNonNull(failFast, "failFast");
        Objects.requireNonNull(checkpoint, "checkpoint policy");
        if (snapshotPeriod == null || snapshotPeriod.isNegative()) {
            throw new IllegalArgumentException("snapshot period must be >= 0, got " + snapshotPeriod);
        }
        if (stallTimeout == null || stallTimeout.isNegative()) {
            throw new IllegalArgumentException("stall timeout must be >= 0 (0 = no limit), got " + stallTimeout);
        }
        stoppers = List.copyOf(stoppers);
        objectives = List.copyOf(objectives);
        callbacks = List.copyOf(callbacks);
        if (maxConcurrentTrials < 0) {
            throw new IllegalArgumentException("maxConcurrentTrials must be >= 0 (0 = as resources allow), got " + maxConcurrentTrials);
        }
        if (maxPendingTrials < 0) {
            throw new IllegalArgumentException("maxPendingTrials must be >= 1, or 0 to choose it from the searcher and the CPUs, got " + maxPendingTrials);
        }
        if (deterministicWidth < 0) {
            throw new IllegalArgumentException("deterministic width must be >= 1, or 0 for deterministic mode off, got " + deterministicWidth);
        }
        if (resultBuffer < 0) {
            throw new IllegalArgumentException("resultBuffer must be >= 1 (1 = wait for the decision on each result), or 0 for the executor's default, got " + resultBuffer);
        }
        if (maxFailures < -1) {
            throw new IllegalArgumentException("maxFailures must be >= -1 (-1 = retry without limit), got " + maxFailures);
        }
    }

    /** Whether deterministic mode is on ({@link #deterministicWidth} > 0). */
    public boolean deterministic() {
        return deterministicWidth > 0;
    }

    /** This experiment with deterministic mode's width {@code width} (0: off). */
    public ExperimentSpec withDeterministicWidth(int width) {
        return new ExperimentSpec(trainable, name, storagePath, space, metric, mode, numSamples, searcher, scheduler, stoppers, resources, machine,
                maxConcurrentTrials, maxPendingTrials, maxFailures, failFast, checkpoint, reuseTrainables, seed, callbacks, snapshotPeriod, stallTimeout,
                width, objectives, resultBuffer);
    }

    /** {@code <storagePath>/<name>}. */
    public Path experimentDir() {
        return storagePath.resolve(name);
    }

    /** What the searcher, scheduler, stoppers and callbacks are set up with. */
    public ExperimentInfo info() {
        return new ExperimentInfo(name, experimentDir(), metric, mode, space, seed, objectives);
    }
}
