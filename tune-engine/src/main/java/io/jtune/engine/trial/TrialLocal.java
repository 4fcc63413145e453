package io.jtune.engine.trial;

import io.jtune.api.spi.TrialView;
import java.util.HashMap;
import java.util.Map;

/**
 * A value an engine component keeps for each trial, held by the trial itself as a {@code ThreadLocal}'s
 * is by its thread. The driver reads the trial a result belongs to anyway, so the value is read next
 * to it, where a map of all trials keyed by id misses the processor's cache on nearly every lookup
 * once thousands of trials run. A view that is not the engine's {@link Trial} (a test's stand-in)
 * keeps its value in a map here instead. Driver thread only; a component removes a trial's value
 * when it is done with the trial, and the trial's room for values goes with the last one.
 *
 * @param <T> the type of the value
 */
public final class TrialLocal<T> {
    private final Map<String, T> others = new HashMap<>();

    /** The trial's value, or null when none is set. */
    @SuppressWarnings("unchecked")
    public T get(TrialView trial) {
        return trial instanceof Trial t ? (T) t.local(this) : others.get(trial.id());
    }

    /** Sets the trial's value; null removes it. */
    public void set(TrialView trial, T value) {
        if (trial instanceof Trial t) {
            t.setLocal(this, value);
        } else if (value == null) {
            others.remove(trial.id());
        } else {
            others.put(trial.id(), value);
        }
    }

    /** Removes the trial's value, if it has one. */
    public void remove(TrialView trial) {
        set(trial, null);
    }
}
