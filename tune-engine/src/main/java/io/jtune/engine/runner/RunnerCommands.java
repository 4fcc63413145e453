package io.jtune.engine.runner;

import io.jtune.api.Config;
import io.jtune.api.TrialStatus;
import io.jtune.engine.output.ResultLog;
import io.jtune.engine.trial.Trial;
import java.util.Objects;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Supplier;

/** The runner's {@link RunnerControl}: requests wait in a queue the driver thread drains before each step; a request wakes it. */
final class RunnerCommands implements RunnerControl {
    private final RunnerParts parts;
    private final TrialLauncher launcher;
    private final TrialLifecycle lifecycle;
    private final Queue<Request<?>> queue = new ConcurrentLinkedQueue<>();
    private volatile boolean closed;

    /** A request and the future its answer completes. */
    private record Request<T>(Supplier<T> action, CompletableFuture<T> reply) {
        void run() {
            try {
                reply.complete(action.get());
            } catch (RuntimeException e) {
                reply.completeExceptionally(e);
            }
        }

        void refuse() {
            reply.completeExceptionally(new IllegalStateException("the experiment has ended; it takes no more requests"));
        }
    }

    RunnerCommands(RunnerParts parts, TrialLauncher launcher, TrialLifecycle lifecycle) {
        this.parts = parts;
        this.launcher = launcher;
        this.lifecycle = lifecycle;
    }

    @Override
    public CompletableFuture<String> addTrial(Config config) {
        Objects.requireNonNull(config, "config");
        return submit(() -> launcher.addUnsuggested(config));
    }

    @Override
    public CompletableFuture<TrialStatus> stopTrial(String trialId) {
        Objects.requireNonNull(trialId, "trial id");
        return submit(() -> stop(trialId));
    }

    @Override
    public CompletableFuture<Void> flushResults() {
        return submit(() -> {
            parts.resultLogs().forEach(ResultLog::flush);
            return null;
        });
    }

    private TrialStatus stop(String trialId) {
        Trial trial = parts.table().get(trialId);
        if (trial == null) {
            throw new IllegalArgumentException("experiment " + parts.spec().name() + " has no trial " + trialId);
        }
        if (!trial.status().isFinished()) {
            lifecycle.finish(trial, trial.lastResult(), true);
        }
        return trial.status();
    }

    private <T> CompletableFuture<T> submit(Supplier<T> action) {
        Request<T> request = new Request<>(action, new CompletableFuture<>());
        queue.add(request);
        if (closed) {
            refuseQueued();
        } else {
            parts.executor().wakeDriver(); // a driver waiting for events returns to its loop, where it runs the request
        }
        return request.reply();
    }

    /** On the driver thread: carries out every queued request. */
    void runPending() {
        for (Request<?> r = queue.poll(); r != null; r = queue.poll()) {
            r.run();
        }
    }

    /** The experiment ended: requests queued now or later fail. */
    void close() {
        closed = true;
        refuseQueued();
    }

    private void refuseQueued() {
        for (Request<?> r = queue.poll(); r != null; r = queue.poll()) {
            r.refuse();
        }
    }
}
