package io.jtune.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Where the class's trials run. {@code @Isolation(PROCESS)} runs each trial in a worker JVM of its
 * own (pooled and reused across trials), so {@code System.exit}, a crash, a step that never returns
 * or an {@code OutOfMemoryError} fails only that trial; a trial's {@code @Resources(memoryMb)}
 * becomes its heap limit. Without it, trials run on threads of the driver's JVM unless
 * {@code -Djtune.executor=process} says otherwise.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Isolation {
    Mode value();

    /** How trials are kept apart. */
    enum Mode {
        /** On pooled threads of the driver's JVM: fastest, no isolation. */
        THREAD,
        /** Each in a pooled worker JVM on this machine. */
        PROCESS
    }
}
