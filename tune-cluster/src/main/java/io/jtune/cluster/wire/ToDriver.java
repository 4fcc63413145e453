package io.jtune.cluster.wire;

import io.jtune.api.ResourceRequest;
import io.jtune.cluster.node.TrainableCode;
import io.jtune.engine.remote.Event;
import java.util.List;
import org.apache.pekko.actor.typed.ActorRef;

/** What workers and their trials send to the driver. */
public interface ToDriver extends ClusterMessage {

    /**
     * A worker joined and offers its resources; the driver answers with {@link ToWorker.CheckCode}.
     * {@code incarnation} is the worker's cluster member UID: a node restarted at the same address
     * has a new one.
     */
    record Hello(ActorRef<ToWorker> worker, String node, long incarnation, ResourceRequest resources) implements ToDriver {
    }

    /** The trainable's code as the worker has it, or {@code problem} (and null code) when the worker cannot load it. */
    record CodeReport(String node, TrainableCode code, String problem) implements ToDriver {
    }

    /** A trial's actor runs on a worker; the driver watches it and sends it the run's commands. */
    record Started(String trialId, long runId, ActorRef<ToTrial> trial) implements ToDriver {
    }

    /**
     * An event of the shared worker protocol ({@link Event}: reported, saved, finished, failed).
     * {@code checkpoint} names the transfer that carried the folder the event names (its path is the
     * worker's), else null.
     */
    record FromTrial(String node, Event event, CheckpointRef checkpoint) implements ToDriver {
    }

    /**
     * A batch of results of a worker's runs, each run's in the order they were made:
     * {@link Event.Reported}s naming no checkpoint to stream. The driver answers each batch with a
     * {@link ResultsAck} of its {@code seq} to {@code ackTo}; the worker keeps one batch
     * unacknowledged at most and gathers the results made meanwhile into the next, so the faster
     * results come, the bigger the batches.
     */
    record Results(String node, long seq, List<Event> results, ActorRef<ResultsAck> ackTo) implements ToDriver {
    }
}
