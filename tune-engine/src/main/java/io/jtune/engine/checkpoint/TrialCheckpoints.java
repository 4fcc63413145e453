package io.jtune.engine.checkpoint;

import io.jtune.api.Mode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One trial's checkpoints, oldest first, and the keep-N rule (Ray Tune's {@code num_to_keep} with
 * {@code checkpoint_score_attribute} and {@code checkpoint_score_order}): when more than
 * {@code keep} are tracked, the lowest-ranked are dropped, but never the latest, which the trial
 * resumes from. Without a score attribute the ranking is by recency. Driver thread only.
 */
public final class TrialCheckpoints {
    /** No checkpoints, read-only ({@link #add} throws): what a trial that never tracked one reads. */
    public static final TrialCheckpoints NONE = new TrialCheckpoints(0, false, Mode.MAX, List.of());

    private final int keep;
    private final boolean byScore;
    private final Mode scoreMode;
    private final List<TrackedCheckpoint> tracked;

    /** {@code keep} 0 keeps all; {@code byScore} false ranks by recency. */
    public TrialCheckpoints(int keep, boolean byScore, Mode scoreMode) {
        this(keep, byScore, scoreMode, new ArrayList<>());
    }

    private TrialCheckpoints(int keep, boolean byScore, Mode scoreMode, List<TrackedCheckpoint> tracked) {
        this.keep = keep;
        this.byScore = byScore;
        this.scoreMode = scoreMode;
        this.tracked = tracked;
    }

    /**
     * Adds a checkpoint as the latest (replacing one with the same folder) and returns the ones
     * that fall out of the keep-N window; the caller deletes their folders.
     */
    public List<TrackedCheckpoint> add(TrackedCheckpoint checkpoint) {
        Path path = checkpoint.checkpoint().path();
        tracked.removeIf(t -> t.checkpoint().path().equals(path));
        tracked.add(checkpoint);
        if (keep == 0 || tracked.size() <= keep) {
            return List.of();
        }
        List<TrackedCheckpoint> evicted = new ArrayList<>();
        while (tracked.size() > keep) {
            TrackedCheckpoint worst = worstExceptLatest();
            tracked.remove(worst);
            evicted.add(worst);
        }
        return evicted;
    }

    private TrackedCheckpoint worstExceptLatest() {
        TrackedCheckpoint worst = tracked.get(0);
        if (!byScore) {
            return worst;
        }
        for (int i = 1; i < tracked.size() - 1; i++) {
            TrackedCheckpoint c = tracked.get(i);
            if (scoreMode.isBetter(worst.score(), c.score())) {
                worst = c;
            }
        }
        return worst;
    }

    /** The latest checkpoint (the one to resume from), or null. */
    public TrackedCheckpoint latest() {
        return tracked.isEmpty() ? null : tracked.get(tracked.size() - 1);
    }

    /** The tracked checkpoint in this folder, or null. */
    public TrackedCheckpoint find(Path folder) {
        for (TrackedCheckpoint t : tracked) {
            if (t.checkpoint().path().equals(folder)) {
                return t;
            }
        }
        return null;
    }

    /** Every tracked checkpoint, oldest first. */
    public List<TrackedCheckpoint> all() {
        return Collections.unmodifiableList(tracked);
    }
}
