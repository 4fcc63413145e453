package example.models;

import io.jtune.api.SchedulerAnnotation;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** A scheduler annotation from outside the engine, as other modules add them. */
@SchedulerAnnotation(factory = "example.models.PatienceFactory")
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Patience {
    int value();
}
