package io.jtune.cluster;

import io.jtune.cluster.driver.ClusterExecutorFactory;
import io.jtune.engine.exec.ExecutorFactory;
import io.jtune.engine.exec.ExecutorProvider;
/** {@code cluster}: trials on the workers of a Pekko cluster, set up by the {@code jtune.cluster.*} system properties. */
public final class ClusterExecutorProvider implements ExecutorProvider {

    @Override
    public String name() {
        return "cluster";
    }

    @Override
    public String description() {
        return "trials on the workers of a cluster; needs -Djtune.cluster=host:port";
    }

    @Override
    public ExecutorFactory factory() {
        return new ClusterExecutorFactory();
    }
}
