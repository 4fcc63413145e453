package io.jtune.engine.runner;

import io.jtune.api.TrialStatus;
import io.jtune.engine.trial.Trial;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.TreeSet;
/**
 * The PENDING and the PAUSED trials, each set in the order the trials were added, kept up to date as
 * trials change status, so a scheduler finds the next trial to run without scanning the running
 * and finished ones (O(log n) a change). The driver's only (one call at a time, under the runner's lock).
 */
final class WaitingTrials {
    /** By index; a class rather than a lambda, which a cold run would link at its start. */
    private static final Comparator<Trial> BY_INDEX = new Comparator<>() {
        @Override
        public int compare(Trial a, Trial b) {
            return Integer.compare(a.index(), b.index());
        }
    };

    private final TreeSet<Trial> pending = new TreeSet<>(BY_INDEX);
    private final TreeSet<Trial> paused = new TreeSet<>(BY_INDEX);
    private final Collection<Trial> pendingView = Collections.unmodifiableCollection(pending);
    private final Collection<Trial> pausedView = Collections.unmodifiableCollection(paused);

    /** A trial joined the experiment with its status (new, or restored). */
    void added(Trial trial) {
        TreeSet<Trial> set = setOf(trial.status());
        if (set != null) {
            set.add(trial);
        }
    }

    /** The trial went from {@code from} to {@code to}. */
    void moved(Trial trial, TrialStatus from, TrialStatus to) {
        TreeSet<Trial> left = setOf(from);
        if (left != null) {
            left.remove(trial);
        }
        TreeSet<Trial> entered = setOf(to);
        if (entered != null) {
            entered.add(trial);
        }
    }

    /**
     * The trials that are {@code status} now, in add order (a live, unmodifiable view).
     *
     * @throws IllegalArgumentException for a status other than PENDING or PAUSED
     */
    Collection<Trial> in(TrialStatus status) {
        return switch (status) {
            case PENDING -> pendingView;
            case PAUSED -> pausedView;
            default -> throw new IllegalArgumentException("only PENDING and PAUSED trials are kept apart as waiting, not " + status + " ones; filter trials() for those");
        };
    }

    private TreeSet<Trial> setOf(TrialStatus status) {
        return switch (status) {
            case PENDING -> pending;
            case PAUSED -> paused;
            default -> null;
        };
    }
}
