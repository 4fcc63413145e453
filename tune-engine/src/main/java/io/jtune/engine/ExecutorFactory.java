package io.jtune.engine;

import io.jtune.api.TuneException;
import io.jtune.engine.exec.LocalTrialExecutor;
import io.jtune.engine.log.FallbackLogging;
import io.jtune.engine.exec.TrialExecutor;
import io.jtune.engine.process.ProcessOptions;
import io.jtune.engine.process.ProcessTrialExecutor;
import java.lang.reflect.InvocationTargetException;
import java.util.Locale;

/**
 * Makes the {@link TrialExecutor} one experiment runs its trials on, chosen with
 * {@link Tuner#executor(ExecutorFactory)} or {@code @Isolation} on the class. Without a choice,
 * {@link #fromSystemProperties()} decides: {@value #CLUSTER_PROPERTY} set means the cluster
 * executor of the {@code tune-cluster} module (loaded by class name, so the engine does not depend
 * on it), else {@value #EXECUTOR_PROPERTY}.
 */
@FunctionalInterface
public interface ExecutorFactory {

    /** The system property choosing the executor by name: {@code threads} (the default) or {@code process}. */
    String EXECUTOR_PROPERTY = "jtune.executor";
    /** The system property naming the address the cluster driver listens on and workers join ({@code host:port}). */
    String CLUSTER_PROPERTY = "jtune.cluster";
    /** The class of {@code tune-cluster} that makes cluster executors from the {@code jtune.cluster.*} properties. */
    String CLUSTER_FACTORY_CLASS = "io.jtune.cluster.ClusterExecutorFactory";

    /** The executor of the experiment {@code spec} describes; it is closed when the experiment ends. */
    TrialExecutor create(ExperimentSpec spec);

    /** Trials on pooled threads of this JVM, against {@link ExperimentSpec#machine()}: fastest, no isolation. */
    static ExecutorFactory threads() {
        return spec -> new LocalTrialExecutor(spec.trainable(), spec.machine(), spec.reuseTrainables());
    }

    /** Each trial in a pooled worker JVM of this machine, started with {@link ProcessOptions#defaults()}. */
    static ExecutorFactory process() {
        return spec -> process(ProcessOptions.defaults()).create(spec);
    }

    /** Each trial in a pooled worker JVM of this machine, started as {@code options} say. */
    static ExecutorFactory process(ProcessOptions options) {
        return spec -> new ProcessTrialExecutor(spec.trainable(), spec.machine(), spec.reuseTrainables(), options);
    }

    /**
     * The executor called {@code name}: {@code threads} or {@code process}, any case.
     *
     * @throws TuneException naming {@code key} (where the name came from) and the choices for another name
     */
    static ExecutorFactory named(String name, String key) {
        return switch (name.trim().toLowerCase(Locale.ROOT)) {
            case "threads", "thread" -> threads();
            case "process" -> process();
            default -> throw new TuneException(key + "='" + name + "' names no executor: use threads (trials on threads of this JVM) or process (each trial in a worker JVM)");
        };
    }

    /**
     * The cluster executor of {@code tune-cluster}, set up by the {@code jtune.cluster.*} system properties.
     *
     * @throws TuneException when {@code tune-cluster} is not on the class path, or its settings are wrong
     */
    static ExecutorFactory cluster() {
        FallbackLogging.install(); // before tune-cluster's classes ask SLF4J for their loggers
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        try {
            Class<?> type = Class.forName(CLUSTER_FACTORY_CLASS, true, loader == null ? ExecutorFactory.class.getClassLoader() : loader);
            return (ExecutorFactory) type.getConstructor().newInstance();
        } catch (ClassNotFoundException e) {
            throw new TuneException("-D" + CLUSTER_PROPERTY + " asks for the cluster executor, but " + CLUSTER_FACTORY_CLASS
                    + " is not on the class path: add the dependency io.jtune:tune-cluster to the project", e);
        } catch (InvocationTargetException e) {
            throw new TuneException("cannot set up the cluster executor: " + e.getCause().getMessage(), e.getCause());
        } catch (ReflectiveOperationException | ClassCastException e) {
            throw new TuneException("cannot make the cluster executor " + CLUSTER_FACTORY_CLASS + ": " + e, e);
        }
    }

    /** The cluster executor when {@value #CLUSTER_PROPERTY} is set, else the executor {@value #EXECUTOR_PROPERTY} names, else {@link #threads()}. */
    static ExecutorFactory fromSystemProperties() {
        String cluster = System.getProperty(CLUSTER_PROPERTY);
        if (cluster != null && !cluster.isBlank()) {
            return cluster();
        }
        String name = System.getProperty(EXECUTOR_PROPERTY);
        return name == null || name.isBlank() ? threads() : named(name, "-D" + EXECUTOR_PROPERTY);
    }
}
