package io.jtune.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.platform.commons.annotation.Testable;

/**
 * Makes a plain class a tunable experiment (the annotation API). The class has {@link Param}
 * fields, exactly one {@link Step} method and optionally {@link Setup}, {@link Save} /
 * {@link Restore}, {@link Reset} and {@link Teardown}; experiment annotations ({@link Samples},
 * {@link Stop}, a scheduler such as {@link Fifo}, ...) on the class say how it is tuned. The engine
 * wraps such a class in a generated {@link io.jtune.api.trainable.ClassTrainable} (the class API,
 * which a class may implement by hand instead).
 *
 * <p>The class must be public or package-private, not abstract, not a non-static inner class, and
 * have a no-arg constructor that is not private. The annotation processor of this module checks
 * every rule at compile time and reports each problem on its element; the same rules run when the
 * engine loads a class compiled without the processor.
 *
 * <p>Meta-annotated with JUnit's {@link Testable}, so IDEs offer to run the class as a tuning test.
 */
@Documented
@Testable
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Trainable {

    /** The name the trainable is registered and run under; empty means the simple class name. */
    String name() default "";

    /**
     * The metric that schedulers, searchers and "best trial" rank by (Ray Tune's {@code metric});
     * empty when none. A {@link Step} method that returns one number reports it under this name.
     */
    String metric() default "";

    /** {@code "min"} or {@code "max"}: required when {@link #metric} is set, as in Ray Tune. */
    String mode() default "";

    /**
     * Several metrics to optimise at once (multi-objective, Ray Tune's {@code metric=[...]}), instead
     * of {@link #metric}; multi-objective searchers use all of them, the result grid gives their
     * Pareto front, and what ranks by one metric (schedulers, other searchers, a {@link Step} that
     * returns one number) uses the first.
     */
    String[] metrics() default {};

    /** {@code "min"} or {@code "max"} for each of {@link #metrics}, in the same order. */
    String[] modes() default {};
}
