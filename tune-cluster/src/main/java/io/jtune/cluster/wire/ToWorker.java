package io.jtune.cluster.wire;

import io.jtune.engine.remote.Command;
import org.apache.pekko.actor.typed.ActorRef;

/** What the driver sends to a worker. */
public interface ToWorker extends ClusterMessage {

    /** Asks for the digest of the trainable's code ({@link ToDriver.CodeReport}). */
    record CheckCode(String className) implements ToWorker {
    }

    /** The worker's code matches: it is part of the cluster's resources now. */
    record Admitted(String driverNode) implements ToWorker {
    }

    /** The driver refuses the worker ({@code reason} says why and what to do); the worker stops. */
    record Refused(String reason) implements ToWorker {
    }

    /**
     * Runs a trial as an actor on this worker. {@code start.trialDir()} is relative to the worker's
     * work folder ({@code <experiment>/<trial>}); {@code restore} names a transfer received just
     * before (the checkpoint to restore), or null. With {@code sharedStorage}, the trial folder and
     * the checkpoint to restore are the driver's own paths, which the worker sees too: checkpoints
     * are written and read there, not streamed.
     */
    record StartTrial(Command.StartTrial start, CheckpointRef restore, ActorRef<ToDriver> driver, boolean sharedStorage) implements ToWorker {
    }
}
