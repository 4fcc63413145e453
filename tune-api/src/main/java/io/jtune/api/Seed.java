package io.jtune.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The experiment's seed: every random choice (sampling, schedulers, searchers) derives from it. With
 * FIFO or ASHA scheduling it also turns deterministic mode on at the run's own concurrency, so two
 * runs with the same seed and the same concurrency ({@code maxConcurrentTrials}, CPUs or cluster
 * workers) give the same trials in the same order, with the same configs and early stops, whatever
 * the threads' timing. This holds for a trainable whose results depend only on its config, without
 * wall-clock rules (time stoppers, a scheduler on {@code time_total_s}); the measured times differ.
 * Deterministic mode costs waiting (a fast trial waits for a slow one at the same step);
 * {@code -Djtune.deterministic=false} turns it off, keeping the seeded sampling. A pausing scheduler
 * (HyperBand, PBT, ...) keeps more trials going than run at once: there the seed fixes the random
 * choices, and {@code -Djtune.deterministic=<width>} (at least the trials it keeps going) the order.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Seed {
    long value();
}
