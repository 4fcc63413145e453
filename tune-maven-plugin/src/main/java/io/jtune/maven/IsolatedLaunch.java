package io.jtune.maven;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.URLClassLoader;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * Runs {@code io.jtune.maven.launch.ExperimentBatch} inside an {@link IsolatedClassPath}'s class
 * loader. Only JDK types cross between the plugin's realm and that loader: the batch takes a
 * {@link Consumer} for summary lines, a {@link BiConsumer} for warnings with their cause,
 * the class names and a map of settings, and returns the failure messages.
 */
final class IsolatedLaunch {
    static final String ENTRY_CLASS = "io.jtune.maven.launch.ExperimentBatch";

    private IsolatedLaunch() {
    }

    /**
     * Runs the experiments; the context class loader of the calling thread is the project's
     * loader meanwhile, and the loader is closed afterwards.
     *
     * @return one message per failed experiment (empty when all passed)
     * @throws IllegalArgumentException when a setting is invalid (its message names the property)
     * @throws Throwable anything else the engine threw
     */
    static List<String> run(IsolatedClassPath classPath, List<String> classNames, Map<String, String> settings,
                            Consumer<String> info, BiConsumer<String, Throwable> warn) throws Throwable {
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        try (URLClassLoader loader = classPath.newLoader()) {
            thread.setContextClassLoader(loader);
            Class<?> entry = Class.forName(ENTRY_CLASS, true, loader);
            MethodHandles.Lookup lookup = MethodHandles.publicLookup();
            MethodHandle create = lookup.findConstructor(entry,
                    MethodType.methodType(void.class, Consumer.class, BiConsumer.class));
            MethodHandle run = lookup.findVirtual(entry, "run", MethodType.methodType(List.class, List.class, Map.class));
            Object batch = create.invoke(info, warn);
            List<?> failures = (List<?>) run.invoke(batch, classNames, settings);
            return failures.stream().map(String::valueOf).toList();
        } finally {
            thread.setContextClassLoader(previous);
        }
    }
}
