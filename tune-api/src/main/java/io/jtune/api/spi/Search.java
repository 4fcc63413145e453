package io.jtune.api.spi;

import io.jtune.api.SearcherAnnotation;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
/**
 * Uses the user's own {@link io.jtune.api.spi.SearchAlgorithm}: a public, non-abstract class with
 * a public no-arg constructor. It counts as the class's one searcher annotation.
 */
@SearcherAnnotation(factory = "io.jtune.engine.annotated.CustomSearcherFactory", needsMetric = false)
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Search {
    Class<? extends SearchAlgorithm> value();
}
