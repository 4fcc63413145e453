package io.jtune.engine.exec;

/**
 * An executor that can be chosen by name: with {@code -Djtune.executor=NAME} (or
 * {@code -Djtune.cluster=host:port} for {@code cluster}), {@code jtune.executor} in
 * {@code junit-platform.properties}, {@code @Isolation} on a class, or
 * {@link ExecutorFactory#named(String, String)} in code. Implementations are found with
 * {@link java.util.ServiceLoader} ({@code META-INF/services/io.jtune.engine.exec.ExecutorProvider}),
 * so a module on the class path (such as {@code tune-cluster}) adds its executor without the engine
 * naming its classes.
 */
public interface ExecutorProvider {

    /** The name users choose it by, lower case ({@code threads}, {@code process}, {@code cluster}). */
    String name();

    /** One line for error messages listing the choices, e.g. "each trial in a worker JVM". */
    String description();

    /** The executor as the {@code jtune.*} system properties configure it. */
    ExecutorFactory factory();
}
