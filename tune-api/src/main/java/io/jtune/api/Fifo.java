package io.jtune.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Runs trials first in, first out, to completion (Ray Tune's {@code FIFOScheduler}, the
 * default). Declaring it states the default explicitly; it needs no metric.
 */
@SchedulerAnnotation(factory = "io.jtune.engine.annotated.FifoFactory", needsMetric = false)
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Fifo {
}
