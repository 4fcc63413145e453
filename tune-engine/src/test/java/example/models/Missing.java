package example.models;

import io.jtune.api.SearcherAnnotation;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** A searcher annotation whose factory is not on the class path. */
@SearcherAnnotation(factory = "example.absent.MissingFactory", needsMetric = false)
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Missing {
}
