package io.jtune.engine.remote;

import io.jtune.api.Result;
import io.jtune.engine.exec.LocalHost;
import java.util.Map;

/** Where this worker JVM runs, as Ray Tune's result fields {@code pid}, {@code hostname} and {@code node_ip}. */
final class WorkerIdentity {
    private WorkerIdentity() {
    }

    /** Adds the three fields to a result's metrics, unless the trainable set them itself. */
    static void addTo(Map<String, Object> metrics) {
        metrics.putIfAbsent(Result.PID, LocalHost.pid());
        metrics.putIfAbsent(Result.HOSTNAME, LocalHost.name());
        metrics.putIfAbsent(Result.NODE_IP, LocalHost.ip());
    }
}
