package io.jtune.engine.runner;

import io.jtune.api.TuneException;
import io.jtune.api.spi.Stopper;
import io.jtune.api.spi.TrialScheduler;
import io.jtune.engine.checkpoint.CheckpointIo;
import io.jtune.engine.checkpoint.PiecedBytes;
import io.jtune.engine.log.LazyLogger;
import io.jtune.engine.output.ResultLog;
import io.jtune.engine.runner.guard.ComponentException;
import io.jtune.engine.runner.guard.GuardedSearcher;
import io.jtune.engine.runner.state.ExperimentSnapshot;
import io.jtune.engine.runner.state.ExperimentState;
import io.jtune.engine.runner.state.SnapshotFile;
import io.jtune.engine.runner.state.SnapshotSchedule;
import io.jtune.engine.spec.ExperimentSpec;
import io.jtune.engine.trial.Trial;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;

/**
 * The experiment snapshot's lifecycle for the {@link TrialRunner}: the first {@code experiment_state.json}
 * (written before any trial starts, so a failure names the folder at once), the periodic ones its
 * {@link SnapshotSchedule} asks for, the one a JVM shutdown writes (Ctrl-C, {@code System.exit}) and the
 * final one. Each is taken on the thread holding the runner's state lock, after the result logs are
 * flushed, so the state's checkpoints never point past the results on disk.
 */
final class SnapshotKeeper {
    private static final LazyLogger LOG = new LazyLogger(SnapshotKeeper.class);
    private static final Duration SHUTDOWN_WAIT = Duration.ofSeconds(5);

    private final ExperimentSpec spec;
    private final String idPrefix;
    private final List<Trial> trials;
    private final GuardedSearcher searcher;
    private final TrialScheduler scheduler;
    private final List<Stopper> stoppers;
    private final List<ResultLog> resultLogs;
    private final SnapshotSchedule schedule;
    private final CheckpointIo io;
    private final SnapshotFile file;
    private final ReentrantLock stateLock;
    private final BooleanSupplier stopRequested;
    /** Whether the first snapshot is written; a run that failed before it leaves no state file (a restored one keeps its old one). */
    private boolean started;

    SnapshotKeeper(ExperimentSpec spec, String idPrefix, List<Trial> trials, GuardedSearcher searcher, TrialScheduler scheduler,
            List<Stopper> stoppers, List<ResultLog> resultLogs, SnapshotSchedule schedule, CheckpointIo io, ReentrantLock stateLock,
            BooleanSupplier stopRequested) {
        this.spec = spec;
        this.idPrefix = idPrefix;
        this.trials = trials;
        this.searcher = searcher;
        this.scheduler = scheduler;
        this.stoppers = stoppers;
        this.resultLogs = resultLogs;
        this.schedule = schedule;
        this.io = io;
        this.file = new SnapshotFile(spec.experimentDir().resolve(ExperimentState.FILE), io);
        this.stateLock = stateLock;
        this.stopRequested = stopRequested;
    }

    /** Writes the first snapshot now, on this thread. */
    void writeFirst() {
        Path path = spec.experimentDir().resolve(ExperimentState.FILE);
        try {
            Files.createDirectories(path.getParent());
            CheckpointIo.writeAtomicallyNow(path, take());
        } catch (IOException e) {
            throw new TuneException("cannot write the experiment state " + path + " (" + e + "); choose a writable Tuner.storagePath(...)", e);
        }
        started = true;
    }

    /** Serialises the state now (on this thread, so it is consistent) and writes it atomically in the background, when the schedule says it is due. */
    void writeIfDue(long nowNanos) {
        if (started && schedule.due(nowNanos)) {
            file.write(take());
        }
    }

    /**
     * The state at the end; none when the experiment failed before its first snapshot. After a
     * {@code failure}, whatever the snapshot throws (an {@link Error} too) is logged and added to it
     * as suppressed, so the first failure is the one thrown.
     */
    void writeFinal(Throwable failure) {
        if (!started) {
            return;
        }
        try {
            file.writeFinal(take());
        } catch (Throwable e) {
            if (failure == null) {
                throw e;
            }
            if (e != failure) {
                failure.addSuppressed(e);
            }
            LOG.get().warn("could not save the state of experiment {} after its failure ({})", spec.name(), failure.toString(), e);
        }
    }

    /** Registers the snapshot a JVM shutdown writes; the caller removes it with {@link #removeShutdownHook} when the run ends. */
    Thread addShutdownHook() {
        Thread hook = new Thread(this::writeAtShutdown, "jtune-snapshot-at-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        return hook;
    }

    static void removeShutdownHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or has run
        }
    }

    /** What an interrupted run prints: where its state is and how to continue it. */
    private String resumeHint() {
        Path dir = spec.experimentDir();
        return "jtune: experiment " + spec.name() + " was interrupted; its state is saved in " + dir + ". Continue it with mvn tune:run"
                + " -Djtune.resume=true, or Tuner.restore(Path.of(\"" + dir + "\"), <the trainable>).fit()";
    }

    /** At JVM shutdown: the state as it is between two changes, written before the JVM ends. */
    private void writeAtShutdown() {
        try {
            if (stateLock.tryLock(SHUTDOWN_WAIT.toNanos(), TimeUnit.NANOSECONDS)) {
                try {
                    if (started) {
                        file.write(take());
                        System.err.println(resumeHint());
                    }
                } finally {
                    stateLock.unlock();
                }
            } else {
                LOG.get().warn("the JVM is shutting down while experiment {} changes state; its last snapshot stands", spec.name());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            LOG.get().warn("could not snapshot experiment {} at shutdown", spec.name(), e);
        }
        io.awaitDone(SHUTDOWN_WAIT);
    }

    /** The state as JSON, after the result logs are flushed so they hold every result the state's checkpoints are at. */
    private PiecedBytes take() {
        long start = System.nanoTime();
        for (ResultLog log : resultLogs) {
            try {
                log.flush();
            } catch (RuntimeException e) {
                throw ComponentException.of("callback", log, "flush", e);
            }
        }
        PiecedBytes state = ExperimentSnapshot.take(spec, idPrefix, stopRequested.getAsBoolean(), trials, searcher, scheduler, stoppers).toJson();
        schedule.wrote(start, System.nanoTime() - start);
        return state;
    }
}
