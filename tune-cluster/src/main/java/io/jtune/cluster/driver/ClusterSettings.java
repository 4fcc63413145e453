package io.jtune.cluster.driver;

import io.jtune.api.ConfigurationKeys;
import io.jtune.cluster.node.HostPort;
import io.jtune.cluster.node.TlsFiles;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * How the driver runs its cluster. From system properties:
 * <ul>
 *   <li>{@value ConfigurationKeys#CLUSTER} = {@code host:port} the driver listens on and workers join (the only port it opens);</li>
 *   <li>{@value ConfigurationKeys#CLUSTER_TLS} = the driver's TLS folder ({@code node.p12}, {@code truststore.p12}, {@code password}; default {@code ~/.jtune/tls});</li>
 *   <li>{@value ConfigurationKeys#CLUSTER_INSECURE} = {@code true} for plaintext, refused unless every address is loopback;</li>
 *   <li>{@value ConfigurationKeys#CLUSTER_WAIT_FOR_WORKERS} = seconds to wait for a worker that can run a trial's request (default 60): at the
 *       start, and whenever trials wait while none runs (the workers left); then the run fails naming the trials;</li>
 *   <li>{@value ConfigurationKeys#CLUSTER_KEEP_WAITING} = {@code true} to wait on for workers instead (noting the waiting trials every 30 s);</li>
 *   <li>{@value ConfigurationKeys#CLUSTER_MIN_WORKERS} = workers to wait for (up to that time) before the first trial starts (default 1);</li>
 *   <li>{@value ConfigurationKeys#CLUSTER_MAX_LOST_RUNS} = how often one trial may lose its worker before it counts as a failure (default 3);</li>
 *   <li>{@value ConfigurationKeys#CLUSTER_SHARED_STORAGE} = {@code true} when every worker sees the experiment's storage path at the same place
 *       (a shared file system): workers write checkpoints straight into the trial folders and restore from there,
 *       and only paths cross the network (default false: checkpoints are streamed).</li>
 * </ul>
 *
 * @param address where the driver listens
 * @param tlsFolder the driver's TLS folder (ignored when {@code insecure})
 * @param insecure plaintext on loopback
 * @param waitForWorkers how long to wait for workers that can run the trials' request
 * @param maxLostRuns per trial, lost workers that do not count as failures
 * @param minWorkers workers to wait for before trials start
 * @param sharedStorage the storage path is visible to every worker at the same place
 */
public record ClusterSettings(HostPort address, Path tlsFolder, boolean insecure, Duration waitForWorkers, int maxLostRuns, int minWorkers,
                              boolean sharedStorage) {
    /** Where a node looks for its TLS folder when none is named. */
    public static final Path DEFAULT_TLS = Path.of(System.getProperty("user.home"), ".jtune", "tls");

    public ClusterSettings {
        Objects.requireNonNull(address, "cluster address");
        Objects.requireNonNull(tlsFolder, "TLS folder");
        if (waitForWorkers == null || waitForWorkers.isNegative()) {
            throw new IllegalArgumentException(ConfigurationKeys.CLUSTER_WAIT_FOR_WORKERS + " must be >= 0 seconds, got " + waitForWorkers);
        }
        if (maxLostRuns < 0) {
            throw new IllegalArgumentException(ConfigurationKeys.CLUSTER_MAX_LOST_RUNS + " must be >= 0, got " + maxLostRuns);
        }
        if (minWorkers < 1) {
            throw new IllegalArgumentException(ConfigurationKeys.CLUSTER_MIN_WORKERS + " must be >= 1, got " + minWorkers);
        }
    }

    /** Secure defaults for a driver listening on {@code address}. */
    public static ClusterSettings at(HostPort address) {
        return new ClusterSettings(address, DEFAULT_TLS, false, Duration.ofSeconds(60), 3, 1, false);
    }

    /** The settings the system properties give. */
    public static ClusterSettings fromSystemProperties() {
        String address = System.getProperty(ConfigurationKeys.CLUSTER);
        if (address == null || address.isBlank()) {
            throw new IllegalArgumentException("the cluster executor needs -D" + ConfigurationKeys.CLUSTER + "=host:port, the address the driver listens on and workers join");
        }
        return new ClusterSettings(HostPort.parse(address, ConfigurationKeys.CLUSTER),
                Path.of(System.getProperty(ConfigurationKeys.CLUSTER_TLS, DEFAULT_TLS.toString())),
                Boolean.parseBoolean(System.getProperty(ConfigurationKeys.CLUSTER_INSECURE, "false")),
                Duration.ofSeconds(intProperty(ConfigurationKeys.CLUSTER_WAIT_FOR_WORKERS, 60)),
                intProperty(ConfigurationKeys.CLUSTER_MAX_LOST_RUNS, 3),
                intProperty(ConfigurationKeys.CLUSTER_MIN_WORKERS, 1),
                Boolean.parseBoolean(System.getProperty(ConfigurationKeys.CLUSTER_SHARED_STORAGE, "false")));
    }

    public ClusterSettings withTls(Path folder) {
        return new ClusterSettings(address, folder, false, waitForWorkers, maxLostRuns, minWorkers, sharedStorage);
    }

    /** Plaintext: allowed only when every address is loopback (checked when the node starts). */
    public ClusterSettings insecureOnLoopback() {
        return new ClusterSettings(address, tlsFolder, true, waitForWorkers, maxLostRuns, minWorkers, sharedStorage);
    }

    public ClusterSettings withWaitForWorkers(Duration wait) {
        return new ClusterSettings(address, tlsFolder, insecure, wait, maxLostRuns, minWorkers, sharedStorage);
    }

    public ClusterSettings withMaxLostRuns(int max) {
        return new ClusterSettings(address, tlsFolder, insecure, waitForWorkers, max, minWorkers, sharedStorage);
    }

    public ClusterSettings withMinWorkers(int count) {
        return new ClusterSettings(address, tlsFolder, insecure, waitForWorkers, maxLostRuns, count, sharedStorage);
    }

    /** Workers see the storage path at the same place: checkpoints are written and restored in place, not streamed. */
    public ClusterSettings withSharedStorage(boolean shared) {
        return new ClusterSettings(address, tlsFolder, insecure, waitForWorkers, maxLostRuns, minWorkers, shared);
    }

    /** The ConfigurationKeys.CLUSTER_TLS files, or null for plaintext. */
    TlsFiles tls() {
        return insecure ? null : TlsFiles.in(tlsFolder);
    }

    private static int intProperty(String key, int fallback) {
        String value = System.getProperty(key);
        if (value == null || value.isBlank()) {
            return fallback;
        }
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be a whole number, got '" + value + "'", e);
        }
    }
}
