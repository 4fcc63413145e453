package io.jtune.cluster.wire;

/** What the driver sends to a trial's actor: the executor's commands for the run. */
public interface ToTrial extends ClusterMessage {

    /** Take the next step. */
    record Step() implements ToTrial {
    }

    /** Save a checkpoint; {@code required}: fail when the trainable cannot. */
    record Save(boolean required) implements ToTrial {
    }

    /** End the run after the commands before this one. */
    record Stop() implements ToTrial {
    }
}
