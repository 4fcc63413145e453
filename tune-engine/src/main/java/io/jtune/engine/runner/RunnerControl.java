package io.jtune.engine.runner;

import io.jtune.api.Config;
import io.jtune.api.TrialStatus;
import java.util.concurrent.CompletableFuture;

/**
 * Steers a running experiment from another thread (Ray Tune's {@code TuneServer}: add and stop
 * trials). Thread-safe: each request is queued and carried out by the driver thread between two
 * events; a request wakes a driver waiting for events (trials on threads, in worker processes or on
 * a cluster; an executor without {@code wakeDriver} takes it at the driver's next event or within a
 * fifth of a second). A request made after the experiment ended fails with an
 * {@link IllegalStateException}.
 */
public interface RunnerControl {

    /**
     * Adds a PENDING trial with this config, outside the searcher (which hears nothing of it); the
     * scheduler runs it as any other. Completes with the new trial's id.
     */
    CompletableFuture<String> addTrial(Config config);

    /**
     * Stops a trial: a RUNNING one ends as if its scheduler stopped it, a PENDING or PAUSED one
     * never runs again; both end TERMINATED. Completes with the trial's status afterwards (an
     * already finished trial keeps its status), or fails with an {@link IllegalArgumentException}
     * for an unknown id.
     */
    CompletableFuture<TrialStatus> stopTrial(String trialId);

    /**
     * Has the result loggers write every result reported so far to the trial folders' files
     * ({@code result.json}, {@code progress.csv}); completes once they are written.
     */
    CompletableFuture<Void> flushResults();

    /** A {@link io.jtune.api.spi.Callback} that steers: the runner hands it the control before {@code setup}. */
    interface Steering {
        void attach(RunnerControl control);
    }
}
