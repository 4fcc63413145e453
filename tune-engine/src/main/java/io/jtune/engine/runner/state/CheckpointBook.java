package io.jtune.engine.runner.state;

import io.jtune.api.Result;
import io.jtune.api.TuneException;
import io.jtune.api.spi.Callback;
import io.jtune.api.trainable.CheckpointDir;
import io.jtune.engine.checkpoint.CheckpointFolders;
import io.jtune.engine.checkpoint.CheckpointIo;
import io.jtune.engine.checkpoint.TrackedCheckpoint;
import io.jtune.engine.exec.TrialEvent;
import io.jtune.engine.exec.TrialExecutor;
import io.jtune.engine.trial.Trial;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletionException;
/**
 * The runner's checkpoint bookkeeping: saves asked of the executor and not answered yet (a trial
 * with one may not restart), the checkpoints they bring with the metadata resuming needs, keep-N
 * deletions in the background, and the copies PBT's exploit makes. The driver's only (one call at
 * a time, under the runner's lock).
 */
public final class CheckpointBook {
    private final TrialExecutor executor;
    private final CheckpointIo io;
    private final List<Callback> callbacks;
    private final String scoreAttribute;
    private final Runnable changed;
    private int pending;

    /** {@code changed} is told whenever a trial's checkpoints change. */
    public CheckpointBook(TrialExecutor executor, CheckpointIo io, List<Callback> callbacks, String scoreAttribute, Runnable changed) {
        this.executor = executor;
        this.io = io;
        this.callbacks = callbacks;
        this.scoreAttribute = scoreAttribute;
        this.changed = changed;
    }

    /** Saves asked for and not answered, over all trials. */
    public int pending() {
        return pending;
    }

    /** True when the trial's latest checkpoint holds its current state and no save is on its way. */
    public static boolean holdsCurrentState(Trial trial) {
        TrackedCheckpoint latest = trial.checkpoints().latest();
        return latest != null && latest.iteration() == trial.iteration() && trial.pendingSaves() == 0;
    }

    /** Asks for a save of the trial's current state unless its latest checkpoint already holds it. */
    public void requestSave(Trial trial, boolean required) {
        if (!holdsCurrentState(trial)) {
            executor.save(trial.id(), required);
            expectSave(trial);
        }
    }

    /** Counts a save asked of the executor another way (a pause). */
    public void expectSave(Trial trial) {
        trial.saveRequested();
        pending++;
    }

    /** The trial's run ended: saves it was asked for and did not answer will not come. */
    public void dropPending(Trial trial) {
        pending -= trial.dropPendingSaves();
    }

    public void onSaved(Trial trial, TrialEvent.Saved event) {
        if (trial.pendingSaves() > 0) {
            trial.saveAnswered();
            pending--;
        }
        CheckpointDir checkpoint = event.checkpoint();
        if (checkpoint != null && trial.checkpoints().find(checkpoint.path()) == null) {
            track(trial, checkpoint, event.iteration(), trial.resultAt(event.iteration()));
        }
    }

    /** Adds a checkpoint holding the state at {@code iteration}, whose result is {@code at} (null when not logged yet). */
    public void track(Trial trial, CheckpointDir checkpoint, long iteration, Result at) {
        add(trial, tracked(checkpoint, iteration, at, trial.timeTotalS(), scoreAttribute));
        for (Callback c : callbacks) {
            c.onCheckpoint(trial, checkpoint);
        }
    }

    /**
     * The checkpoint holding the state at {@code iteration}, with the total time and keep-N score of its
     * result {@code at} (when null, not logged yet: {@code timeTotalS} and no score).
     */
    static TrackedCheckpoint tracked(CheckpointDir checkpoint, long iteration, Result at, double timeTotalS, String scoreAttribute) {
        double timeTotal = at == null ? timeTotalS : at.timeTotalS();
        double score = scoreAttribute == null ? iteration : at == null ? Double.NaN : at.getDouble(scoreAttribute);
        return new TrackedCheckpoint(checkpoint, iteration, timeTotal, score);
    }

    private void add(Trial trial, TrackedCheckpoint checkpoint) {
        changed.run();
        for (TrackedCheckpoint evicted : trial.trackCheckpoint(checkpoint)) {
            io.delete(evicted.checkpoint().path());
        }
    }

    /** Copies {@code donor} into the trial's folder (waiting for it) and makes the copy the trial's latest checkpoint. */
    public void adoptCopy(Trial trial, TrackedCheckpoint donor) {
        Path source = donor.checkpoint().path();
        Path target = CheckpointFolders.folderFor(trial.localDir(), donor.iteration());
        if (!target.equals(source)) {
            try {
                io.copy(source, target).join();
            } catch (CompletionException e) {
                throw new TuneException("trial " + trial.name() + " could not copy checkpoint " + source + ": " + e.getCause().getMessage(), e.getCause());
            }
        }
        add(trial, new TrackedCheckpoint(new CheckpointDir(target), donor.iteration(), donor.timeTotalS(), donor.score()));
    }

    /** The tracked checkpoint in this folder among the trials', or null. */
    public static TrackedCheckpoint find(List<Trial> trials, Path folder) {
        for (Trial t : trials) {
            TrackedCheckpoint found = t.checkpoints().find(folder);
            if (found != null) {
                return found;
            }
        }
        return null;
    }
}
