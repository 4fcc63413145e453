package io.jtune.cluster.wire;

import io.jtune.engine.remote.Command;

/** What the driver sends to a trial's actor. */
public interface ToTrial extends ClusterMessage {

    /** A command of the shared worker protocol for this run: continue, save or stop. */
    record Run(Command command) implements ToTrial {
    }
}
