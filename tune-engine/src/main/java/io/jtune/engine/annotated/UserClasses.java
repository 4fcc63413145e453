package io.jtune.engine.annotated;

import io.jtune.api.TuneException;
import java.lang.reflect.InvocationTargetException;

/** Instantiates classes named by annotations (factories, a user's scheduler or searcher) once per experiment. */
final class UserClasses {
    private UserClasses() {
    }

    /** A new instance of {@code c} through its public no-arg constructor; {@code role} says what it is for in errors. */
    static <T> T instantiate(Class<T> c, String role) {
        try {
            return c.getConstructor().newInstance();
        } catch (NoSuchMethodException | IllegalAccessException e) {
            throw new TuneException(role + " " + c.getName() + " needs to be a public class with a public no-arg constructor", e);
        } catch (InstantiationException e) {
            throw new TuneException(role + " " + c.getName() + " is abstract: name a concrete class", e);
        } catch (InvocationTargetException e) {
            throw new TuneException("the constructor of " + role + " " + c.getName() + " threw " + e.getCause(), e.getCause());
        }
    }
}
