package io.jtune.engine.remote;

import io.jtune.api.trainable.CheckpointDir;
import io.jtune.engine.exec.TrialEvent;
import java.nio.file.Path;

/** Converts between the engine's {@link TrialEvent}s and the wire's {@link Event}s, both ways. */
public final class EventMapping {
    private EventMapping() {
    }

    /** The wire form of an event a trial posted (on the worker). */
    public static Event toWire(TrialEvent event) {
        if (event instanceof TrialEvent.Reported r) {
            return new Event.Reported(r.trialId(), r.runId(), WireFormat.plain(r.metrics()), pathOf(r.checkpoint()), r.stepNanos());
        }
        if (event instanceof TrialEvent.Saved s) {
            return new Event.Saved(s.trialId(), s.runId(), pathOf(s.checkpoint()), s.iteration());
        }
        if (event instanceof TrialEvent.Finished f) {
            return new Event.Finished(f.trialId(), f.runId());
        }
        TrialEvent.Failed f = (TrialEvent.Failed) event;
        return new Event.Failed(f.trialId(), f.runId(), ErrorData.of(f.error()));
    }

    /**
     * The engine's form of a worker's event (on the driver), or null for the events that are only
     * the transport's business ({@link Event.Ready}, {@link Event.RunEnded}).
     */
    public static TrialEvent toTrialEvent(Event event) {
        if (event instanceof Event.Reported r) {
            return new TrialEvent.Reported(r.trialId(), r.runId(), r.metrics(), checkpointOf(r.checkpoint()), r.stepNanos());
        }
        if (event instanceof Event.Saved s) {
            return new TrialEvent.Saved(s.trialId(), s.runId(), checkpointOf(s.checkpoint()), s.iteration());
        }
        if (event instanceof Event.Finished f) {
            return new TrialEvent.Finished(f.trialId(), f.runId());
        }
        if (event instanceof Event.Failed f) {
            return new TrialEvent.Failed(f.trialId(), f.runId(), f.error().toThrowable());
        }
        return null;
    }

    private static String pathOf(CheckpointDir checkpoint) {
        return checkpoint == null ? null : checkpoint.path().toString();
    }

    private static CheckpointDir checkpointOf(String path) {
        return path == null ? null : new CheckpointDir(Path.of(path));
    }
}
