package io.jtune.engine.runner;

import io.jtune.api.TrialStatus;
import io.jtune.engine.exec.TrialEvent;
import io.jtune.engine.trial.Trial;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;
/**
 * Deterministic mode's canonical order of trial events: a logical clock in which every training
 * step takes one tick, whatever it takes on the wall clock. A trial that starts running at logical
 * time {@code t} has its first step's outcome (result, end or failure) due at {@code t + 1}; after
 * an outcome handed out at {@code t} its next step is due at {@code t + 1}. Among the RUNNING
 * trials the outcome with the smallest (due time, trial creation index) is handed out next, and
 * the runner waits for it even when others arrived first, so the searcher, scheduler and stoppers
 * see the same sequence of results at any speed and thread timing. Events that are not a running
 * trial's step outcome (saves, ends of earlier runs) change no decision and pass straight through.
 * Driver thread only.
 */
final class LogicalEventOrder {
    private record Slot(long due, int index, Trial trial) {
    }

    private static final Comparator<Slot> BY_DUE_THEN_INDEX = Comparator.comparingLong(Slot::due).thenComparingInt(Slot::index);

    private final TreeSet<Slot> running = new TreeSet<>(BY_DUE_THEN_INDEX);
    private final Map<Trial, Slot> slots = new HashMap<>();
    private long now;

    /** The trial went RUNNING: its first step's outcome is due one tick from now. */
    void started(Trial trial) {
        schedule(trial, now + 1);
    }

    /** The trial left RUNNING: none of its outcomes is awaited any more. */
    void left(Trial trial) {
        Slot slot = slots.remove(trial);
        if (slot != null) {
            running.remove(slot);
        }
    }

    /** The RUNNING trial whose outcome comes next in logical time, or null when none runs. */
    Trial next() {
        return running.isEmpty() ? null : running.first().trial();
    }

    /** True when {@code event} is the awaited outcome of the running trial's current step (so it must wait its turn). */
    static boolean isStepOutcome(Trial trial, TrialEvent event) {
        return trial != null && trial.status() == TrialStatus.RUNNING && event.runId() == trial.runId()
                && !(event instanceof TrialEvent.Saved);
    }

    /** The trial's awaited outcome is handed out: the clock moves to its due time and the trial's following step is due one tick later. */
    void handedOut(Trial trial) {
        Slot slot = slots.get(trial);
        now = slot.due();
        left(trial);
        schedule(trial, now + 1);
    }

    private void schedule(Trial trial, long due) {
        Slot slot = new Slot(due, trial.index(), trial);
        slots.put(trial, slot);
        running.add(slot);
    }
}
