package io.jtune.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Lets the trials of a {@code @Trainable} class grow as others stop (Ray Tune's
 * {@code ResourceChangingScheduler}): it wraps the class's scheduler ({@code @Asha}, ... ; FIFO when
 * it declares none) and, after each result that scheduler lets continue, hands the free CPUs (GPUs
 * when trials ask for GPUs) to the live trials: evenly, or all to the best trial with
 * {@code topJob}. A trial whose resources change is paused, checkpointed and restarted from that
 * checkpoint with them, so the class needs {@code @Save} and {@code @Restore}; its code reads them
 * from {@code TrialContext.current().resources()} (in {@code @Setup} or each {@code @Step}).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface ResourceChanging {
    /** Give every free unit to the best trial by the experiment's metric (needs one) instead of sharing them evenly. */
    boolean topJob() default false;

    /** At most this many units (CPUs, or GPUs) above its start per trial; 0 means no limit. */
    int increaseByTimes() default 0;
}
