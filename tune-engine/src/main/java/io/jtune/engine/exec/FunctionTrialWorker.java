package io.jtune.engine.exec;

import io.jtune.api.trainable.CheckpointDir;
import io.jtune.api.trainable.Session;
import io.jtune.api.trainable.TrainFunction;
import io.jtune.api.trainable.TrialStoppedSignal;
import io.jtune.engine.checkpoint.CheckpointFolders;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Runs a function-API trainable on the worker's thread; it is also the function's {@link Session}.
 * {@link #report} posts the result and blocks until the driver has decided (or, with a result buffer,
 * returns at once while the buffer has room): the next STEP returns, STOP throws
 * {@link TrialStoppedSignal}, a save in between answers with the latest reported checkpoint.
 */
final class FunctionTrialWorker extends TrialWorker implements Session {
    private final TrainFunction function;
    private CheckpointDir latest;
    private long latestIteration;
    private long handedBackAt;

    FunctionTrialWorker(TrialLaunch launch, EventSink sink, TrainFunction function) {
        super(launch, sink);
        this.function = function;
        this.latest = launch.restoreFrom();
        this.latestIteration = launch.startIteration();
    }

    @Override
    protected void work() {
        handedBackAt = System.nanoTime();
        try {
            function.train(launch.config(), this);
            if (!isStopping()) {
                post(new TrialEvent.Finished(launch.trialId(), launch.runId()));
            }
        } catch (TrialStoppedSignal stopped) {
            // the driver ended this run; nothing to report
        } catch (Throwable e) {
            if (!isStopping()) {
                postFailed(e);
            }
        }
        answerQueuedSaves();
    }

    /** Saves asked for while the function was not in {@code report} are answered with its latest checkpoint. */
    private void answerQueuedSaves() {
        for (Command c = queuedCommand(); c != null; c = queuedCommand()) {
            if (c == Command.SAVE_REQUIRED || c == Command.SAVE_OPTIONAL) {
                postSaved(latest, latestIteration);
            }
        }
    }

    @Override
    public void report(Map<String, ?> metrics) {
        report(metrics, null);
    }

    @Override
    public void report(Map<String, ?> metrics, CheckpointDir checkpoint) {
        Objects.requireNonNull(metrics, "metrics passed to Session.report");
        if (isStopping()) {
            throw stopped();
        }
        long now = System.nanoTime();
        iteration++;
        CheckpointDir moved = null;
        if (checkpoint != null) {
            Path target = CheckpointFolders.folderFor(launch.trialDir(), iteration);
            try {
                CheckpointFolders.move(checkpoint.path(), target);
            } catch (IOException e) {
                throw new UncheckedIOException("could not move the reported checkpoint " + checkpoint.path() + " to " + target + ": " + e.getMessage(), e);
            }
            moved = new CheckpointDir(target);
            latest = moved;
            latestIteration = iteration;
        }
        postResult(metrics, moved, now - handedBackAt);
        awaitDecision();
        handedBackAt = System.nanoTime();
    }

    private void awaitDecision() {
        while (true) {
            Command command;
            try {
                command = nextCommand();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw stopped();
            }
            switch (command) {
                case STEP -> {
                    return;
                }
                case SAVE_REQUIRED, SAVE_OPTIONAL -> postSaved(latest, latestIteration);
                case STOP -> throw stopped();
            }
        }
    }

    private TrialStoppedSignal stopped() {
        return new TrialStoppedSignal("trial " + launch.trialId() + " was stopped by the driver");
    }

    @Override
    public Optional<CheckpointDir> checkpoint() {
        return Optional.ofNullable(launch.restoreFrom());
    }
}
