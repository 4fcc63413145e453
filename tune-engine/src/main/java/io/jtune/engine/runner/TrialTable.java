package io.jtune.engine.runner;

import io.jtune.api.TrialStatus;
import io.jtune.api.spi.TrialView;
import io.jtune.engine.trial.Trial;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The experiment's trials as the runner keeps them: in the order they were added, by id, counted by
 * status, the waiting ones ({@link WaitingTrials}) in their own order, and a count of status changes
 * (so an inline handler can tell whether the driver has work to do). Driver thread only (under the
 * runner's lock); the runner changes a trial's status and then tells the table with {@link #moved}.
 */
final class TrialTable {
    private final List<Trial> trials = new ArrayList<>();
    private final List<Trial> view = Collections.unmodifiableList(trials);
    private final Map<String, Trial> byId = new HashMap<>();
    private final int[] counts = new int[TrialStatus.values().length];
    private final WaitingTrials waiting = new WaitingTrials();
    private long statusChanges;

    /** A trial joins with its current status (new, or restored). */
    void add(Trial trial) {
        trials.add(trial);
        byId.put(trial.id(), trial);
        counts[trial.status().ordinal()]++;
        waiting.added(trial);
    }

    /** The trial went from {@code from} to {@code to}. */
    void moved(Trial trial, TrialStatus from, TrialStatus to) {
        counts[from.ordinal()]--;
        counts[to.ordinal()]++;
        statusChanges++;
        waiting.moved(trial, from, to);
    }

    /** The trial with this id, or null. */
    Trial get(String id) {
        return byId.get(id);
    }

    /** The table's own instance of {@code view}, or an exception naming it and the {@code experiment}. */
    Trial own(TrialView view, String experiment) {
        if (view instanceof Trial t && byId.get(t.id()) == t) {
            return t;
        }
        throw new IllegalArgumentException("trial " + (view == null ? null : view.id()) + " is not a trial of the experiment " + experiment);
    }

    /** Every trial in the order added; unmodifiable, and live. */
    List<Trial> all() {
        return view;
    }

    int size() {
        return trials.size();
    }

    int count(TrialStatus status) {
        return counts[status.ordinal()];
    }

    /** PENDING + RUNNING + PAUSED: the trials not finished. */
    int unfinished() {
        return count(TrialStatus.PENDING) + count(TrialStatus.RUNNING) + count(TrialStatus.PAUSED);
    }

    /** The PENDING or PAUSED trials in the order added. */
    Collection<Trial> waiting(TrialStatus status) {
        return waiting.in(status);
    }

    long statusChanges() {
        return statusChanges;
    }
}
