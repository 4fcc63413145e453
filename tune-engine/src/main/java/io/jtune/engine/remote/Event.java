package io.jtune.engine.remote;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.Map;

/**
 * What a worker tells the driver: data only, one JSON object each with its kind in {@code "type"}
 * (see {@link WireFormat}). Every event but {@link Ready} names its trial and run; the events of
 * one run arrive in the order they happened, {@link RunEnded} last.
 *
 * <p>Checkpoints are named by folder path on the worker's file system. A worker on the driver's
 * machine writes straight into the trial folder, so the path is the driver's too; a transport
 * without a shared file system ships the folder's files alongside (in messages of its own) before
 * the event that names it, and maps the path on arrival.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
    @JsonSubTypes.Type(value = Event.Ready.class, name = "ready"),
    @JsonSubTypes.Type(value = Event.Reported.class, name = "reported"),
    @JsonSubTypes.Type(value = Event.Saved.class, name = "saved"),
    @JsonSubTypes.Type(value = Event.Finished.class, name = "finished"),
    @JsonSubTypes.Type(value = Event.Failed.class, name = "failed"),
    @JsonSubTypes.Type(value = Event.RunEnded.class, name = "ended")
})
public sealed interface Event {

    /** The worker is up and reads commands; sent once, first. */
    record Ready(int protocolVersion, long pid) implements Event {
    }

    /**
     * One training iteration's metrics (plain JSON values). {@code stepNanos} is how long the
     * trainable took for it; {@code checkpoint} is the folder of a checkpoint the function API
     * reported with the result (already in the trial folder), else null.
     */
    record Reported(String trialId, long runId, Map<String, Object> metrics, String checkpoint, long stepNanos) implements Event {
    }

    /** A save finished; {@code checkpoint} (a folder) is null when the trainable had nothing to save. {@code iteration} is what the state holds. */
    record Saved(String trialId, long runId, String checkpoint, long iteration) implements Event {
    }

    /** A function trainable returned: training is over. */
    record Finished(String trialId, long runId) implements Event {
    }

    /** The trainable threw (in setup, restore, a step or a save), or the trial could not start. */
    record Failed(String trialId, long runId, ErrorData error) implements Event {
    }

    /** The run is over on the worker (stopped, finished or failed): no event of it follows. */
    record RunEnded(String trialId, long runId) implements Event {
    }
}
