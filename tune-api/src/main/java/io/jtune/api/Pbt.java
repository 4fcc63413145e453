package io.jtune.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Schedules the trials of a {@code @Trainable} class with Population Based Training (Ray Tune's
 * {@code PopulationBasedTraining}), ranking them by the experiment's metric and mode. The trainable
 * must save and restore checkpoints.
 *
 * <p>Every {@code perturbationInterval} units of {@code timeAttr} (after {@code burnInPeriod}) a
 * trial is ranked against the population: a trial in the top {@code quantileFraction} saves a
 * checkpoint; a trial in the bottom {@code quantileFraction} is restarted from the checkpoint of a
 * top trial drawn at random, with that trial's config explored. Exploring a parameter named in
 * {@code mutations} (a {@code @Param} field; {@code "model/lr"} for a nested one) resamples it from
 * its {@code @Param} domain with probability {@code resampleProbability}; otherwise a number is
 * multiplied by one of {@code perturbationFactors} (kept an integer when it was one) and a choice or
 * grid value moves to a neighbouring value. The {@code explore} function then sees the whole new
 * config. Every exploit is logged to {@code pbt_global.txt} and {@code pbt_policy_<trial_id>.txt}
 * in the experiment folder when {@code logConfig} is true. All random draws come from the experiment
 * seed. Defaults are Ray Tune's.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@SchedulerAnnotation(factory = "io.jtune.engine.schedule.PbtFactory", needsMetric = true)
public @interface Pbt {

    /** The result field measuring progress; it must grow monotonically. */
    String timeAttr() default Result.TIME_TOTAL_S;

    /** A trial is considered for exploitation every this many units of {@code timeAttr} (must be > 0). */
    double perturbationInterval() default 60.0;

    /** No trial is considered before this many units of {@code timeAttr}. */
    double burnInPeriod() default 0;

    /** Names of the {@code @Param} parameters to mutate; at least these or {@code explore} must be given. */
    String[] mutations() default {};

    /** The fraction of trials in the top and in the bottom quantile, in [0, 0.5]. */
    double quantileFraction() default 0.25;

    /** The probability of resampling a mutated parameter instead of perturbing it, in [0, 1]. */
    double resampleProbability() default 0.25;

    /** The factors a numeric parameter is multiplied by when perturbed (one drawn at random). */
    double[] perturbationFactors() default {1.2, 0.8};

    /**
     * A function applied to the config after the built-in mutations (Ray Tune's
     * {@code custom_explore_fn}); a public class with a public no-arg constructor. The default,
     * {@link Explore} itself, means none.
     */
    Class<? extends Explore> explore() default Explore.class;

    /** Whether every exploit is written to {@code pbt_global.txt} and {@code pbt_policy_<trial_id>.txt}. */
    boolean logConfig() default true;

    /** Whether a result lacking {@code timeAttr} or the metric is an error (otherwise it is ignored). */
    boolean requireAttrs() default true;

    /** Synchronous PBT: trials wait for the whole population at each perturbation time. */
    boolean synch() default false;

    /** A custom explore step: gets the mutated config, returns the config the trial continues with. */
    @FunctionalInterface
    interface Explore {
        Config explore(Config config);
    }
}
