package io.jtune.engine.exec;

import io.jtune.api.ConfigurationKeys;
import io.jtune.api.TuneException;
import io.jtune.engine.log.FallbackLogging;
import io.jtune.engine.spec.ExperimentSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.ServiceLoader;

/**
 * Makes the {@link TrialExecutor} one experiment runs its trials on. Every way of choosing one goes
 * through {@link #named}, which finds the {@link ExecutorProvider}s on the class path: {@code threads}
 * and {@code process} from the engine, {@code cluster} from {@code tune-cluster}. In code,
 * {@link io.jtune.engine.Tuner#executor(ExecutorFactory)} takes any factory; without one,
 * {@link #fromSystemProperties()} decides.
 */
@FunctionalInterface
public interface ExecutorFactory {

    /** The system property choosing the executor by name: {@code threads} (the default), {@code process} or {@code cluster}. */
    String EXECUTOR_PROPERTY = ConfigurationKeys.EXECUTOR;
    /** The system property naming the address the cluster driver listens on and workers join ({@code host:port}). */
    String CLUSTER_PROPERTY = ConfigurationKeys.CLUSTER;

    /** The executor of the experiment {@code spec} describes; it is closed when the experiment ends. */
    TrialExecutor create(ExperimentSpec spec);

    /** Trials on pooled threads of this JVM, against {@link ExperimentSpec#machine()}: fastest, no isolation. */
    static ExecutorFactory threads() {
        return spec -> new LocalTrialExecutor(spec.trainable(), spec.machine(), spec.reuseTrainables());
    }

    /** Each trial in a pooled worker JVM of this machine, started with the default process options. */
    static ExecutorFactory process() {
        return named("process", "ExecutorFactory.process()");
    }

    /**
     * The executor called {@code name} (any case; {@code thread} for {@code threads}), as its
     * {@link ExecutorProvider} configures it from the {@code jtune.*} system properties.
     *
     * @param key where the name came from, for the error message
     * @throws TuneException naming {@code key} and the executors on the class path, when none has that name
     */
    static ExecutorFactory named(String name, String key) {
        String wanted = name.trim().toLowerCase(Locale.ROOT);
        String lookedUp = wanted.equals("thread") ? "threads" : wanted;
        FallbackLogging.install(); // before a provider's classes ask SLF4J for their loggers
        List<String> known = new ArrayList<>();
        for (ExecutorProvider provider : providers()) {
            if (provider.name().equals(lookedUp)) {
                return provider.factory();
            }
            known.add(provider.name() + " (" + provider.description() + ")");
        }
        String hint = lookedUp.equals("cluster") ? "; the cluster executor needs the dependency io.jtune:tune-cluster on the class path" : "";
        throw new TuneException(key + "='" + name + "' names no executor: use one of " + String.join(", ", known) + hint);
    }

    /** The cluster executor when {@value #CLUSTER_PROPERTY} is set, else the executor {@value #EXECUTOR_PROPERTY} names, else {@link #threads()}. */
    static ExecutorFactory fromSystemProperties() {
        String cluster = System.getProperty(CLUSTER_PROPERTY);
        if (cluster != null && !cluster.isBlank()) {
            return named("cluster", "-D" + CLUSTER_PROPERTY);
        }
        String name = System.getProperty(EXECUTOR_PROPERTY);
        return name == null || name.isBlank() ? threads() : named(name, "-D" + EXECUTOR_PROPERTY);
    }

    private static Iterable<ExecutorProvider> providers() {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return ServiceLoader.load(ExecutorProvider.class, context == null ? ExecutorFactory.class.getClassLoader() : context);
    }
}
