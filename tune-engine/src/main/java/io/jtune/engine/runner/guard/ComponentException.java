package io.jtune.engine.runner.guard;

import io.jtune.api.TuneException;
import io.jtune.engine.schedule.SchedulerObserver;
import io.jtune.engine.search.SearcherWrapper;
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
    public static ComponentException of(String role, Object component, String method, RuntimeException e) {
        if (e instanceof ComponentException named) {
            return named;
        }
        return new ComponentException("the " + role + " " + typeOf(component) + " failed in " + method + ": " + e, e);
    }

    /**
     * The component's class name, followed by what it wraps in parentheses for a {@link SearcherWrapper};
     * for a {@link SchedulerObserver}, the observed scheduler's.
     */
    public static String typeOf(Object component) {
        if (component instanceof SchedulerObserver observer) {
            return typeOf(observer.observed());
        }
        String type = component.getClass().getName();
        return component instanceof SearcherWrapper wrapper ? type + "(" + typeOf(wrapper.wrapped()) + ")" : type;
    }

}
