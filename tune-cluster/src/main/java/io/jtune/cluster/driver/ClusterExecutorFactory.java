package io.jtune.cluster.driver;

import io.jtune.engine.exec.ExecutorFactory;
import io.jtune.engine.exec.TrialExecutor;
import io.jtune.engine.spec.ExperimentSpec;
import java.util.Objects;

/**
 * Makes the cluster executor: {@code Tuner.executor(ClusterExecutorFactory.with(settings))} in
 * code, or, with its no-arg constructor, from the {@code jtune.cluster.*} system properties (how
 * the engine loads it for {@code -Djtune.cluster=host:port}).
 */
public final class ClusterExecutorFactory implements ExecutorFactory {
    private final ClusterSettings settings;

    /** Settings from the system properties ({@link ClusterSettings#fromSystemProperties()}). */
    public ClusterExecutorFactory() {
        this(ClusterSettings.fromSystemProperties());
    }

    private ClusterExecutorFactory(ClusterSettings settings) {
        this.settings = Objects.requireNonNull(settings, "cluster settings");
    }

    public static ClusterExecutorFactory with(ClusterSettings settings) {
        return new ClusterExecutorFactory(settings);
    }

    @Override
    public TrialExecutor create(ExperimentSpec spec) {
        return ClusterTrialExecutor.start(settings, settings.tls(), spec);
    }
}
