package io.jtune.engine.runner;

import io.jtune.api.TuneException;

/**
 * A searcher, scheduler, stopper or callback threw: the message names which one (its role and
 * class) and the method; the cause is what it threw. The experiment stops, its state saved first,
 * so it can be continued with {@code Tuner.restore} once the component is fixed.
 */
public final class ComponentException extends TuneException {
    private static final long serialVersionUID = 1L;

    private ComponentException(String message, Throwable cause) {
        super(message, cause);
    }

    /** {@code e} named after the component and method it came from (as it is when it names one already). */
    static ComponentException of(String role, Object component, String method, RuntimeException e) {
        if (e instanceof ComponentException named) {
            return named;
        }
        return new ComponentException("the " + role + " " + ExperimentState.typeOf(component) + " failed in " + method + ": " + e, e);
    }
}
