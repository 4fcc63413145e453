package io.jtune.cluster.wire;

import org.apache.pekko.actor.typed.ActorRef;
import java.util.Map;

/** What workers and their trials send to the driver. */
public interface ToDriver extends ClusterMessage {

    /** A worker joined and offers its resources; the driver answers with {@link ToWorker.CheckCode}. */
    record Hello(ActorRef<ToWorker> worker, String node, WireResources resources) implements ToDriver {
    }

    /** The digest of the trainable's code as the worker has it, or {@code problem} when the worker cannot load it. */
    record CodeReport(String node, String className, String digest, String problem) implements ToDriver {
    }

    /** A trial's actor runs on a worker; the driver watches it and sends it the run's commands. */
    record Started(String trialId, long runId, ActorRef<ToTrial> trial) implements ToDriver {
    }

    /** A worker could not start the trial (its checkpoint did not arrive whole, the class could not be made). */
    record NotStarted(String trialId, long runId, String problem) implements ToDriver {
    }

    /** One result; {@code checkpoint} names a transfer the driver has received (function API), else null. */
    record Reported(String trialId, long runId, Map<String, Object> metrics, long stepNanos, CheckpointRef checkpoint) implements ToDriver {
    }

    /** A save finished; {@code checkpoint} is null when the trainable had nothing to save. */
    record Saved(String trialId, long runId, long iteration, CheckpointRef checkpoint) implements ToDriver {
    }

    /** The function trainable returned. */
    record Finished(String trialId, long runId) implements ToDriver {
    }

    /** The trainable threw; {@code trace} is its stack trace as the worker printed it. */
    record Failed(String trialId, long runId, String node, String description, String trace) implements ToDriver {
    }
}
