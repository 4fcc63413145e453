package io.jtune.engine;

import io.jtune.api.TuneException;
import io.jtune.engine.exec.LocalTrialExecutor;
import io.jtune.engine.exec.TrialExecutor;
import java.lang.reflect.InvocationTargetException;

/**
 * Makes the {@link TrialExecutor} one experiment runs its trials on, chosen with
 * {@link Tuner#executor(ExecutorFactory)}. Without a choice, {@link #fromSystemProperties()}
 * decides: {@value #CLUSTER_PROPERTY} set means the cluster executor of the {@code tune-cluster}
 * module (loaded by class name, so the engine does not depend on it), else trials run on threads.
 */
@FunctionalInterface
public interface ExecutorFactory {

    /** The system property naming the address the cluster driver binds and workers join ({@code host:port}). */
    String CLUSTER_PROPERTY = "jtune.cluster";
    /** The class of {@code tune-cluster} that makes cluster executors from the {@code jtune.cluster.*} properties. */
    String CLUSTER_FACTORY_CLASS = "io.jtune.cluster.ClusterExecutorFactory";

    /** The executor of the experiment {@code spec} describes; it is closed when the experiment ends. */
    TrialExecutor create(ExperimentSpec spec);

    /** Trials on pooled threads of this JVM, against {@link ExperimentSpec#machine()}. */
    static ExecutorFactory threads() {
        return spec -> new LocalTrialExecutor(spec.trainable(), spec.machine(), spec.reuseTrainables());
    }

    /** The cluster executor when {@value #CLUSTER_PROPERTY} is set, else {@link #threads()}. */
    static ExecutorFactory fromSystemProperties() {
        String cluster = System.getProperty(CLUSTER_PROPERTY);
        if (cluster == null || cluster.isBlank()) {
            return threads();
        }
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        try {
            Class<?> type = Class.forName(CLUSTER_FACTORY_CLASS, true, loader == null ? ExecutorFactory.class.getClassLoader() : loader);
            return (ExecutorFactory) type.getConstructor().newInstance();
        } catch (ClassNotFoundException e) {
            throw new TuneException("-D" + CLUSTER_PROPERTY + "=" + cluster + " asks for the cluster executor, but " + CLUSTER_FACTORY_CLASS
                    + " is not on the class path: add the dependency io.jtune:tune-cluster to the project", e);
        } catch (ReflectiveOperationException | ClassCastException e) {
            Throwable cause = e instanceof InvocationTargetException ite ? ite.getCause() : e;
            throw new TuneException("could not make the cluster executor " + CLUSTER_FACTORY_CLASS + ": " + cause, cause);
        }
    }
}
