package io.jtune.api;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Every {@code jtune.*} key, defined once for all modules: system properties ({@code -Djtune.x=...}),
 * {@code junit-platform.properties} entries and the Maven plugin's properties. {@code docs/configuration.md}
 * lists each with its default and meaning. A key outside {@link #ALL} is a typo: the engine warns
 * about it, naming the {@linkplain #nearest nearest} known key.
 */
public final class ConfigurationKeys {
    /** Prefix of every key. */
    public static final String PREFIX = "jtune.";

    // choosing and running the experiments (tune:run, tuning tests)
    public static final String EXPERIMENTS = "jtune.experiments";
    public static final String EXPERIMENT = "jtune.experiment";
    public static final String SAMPLES = "jtune.samples";
    public static final String SEED = "jtune.seed";
    public static final String STORAGE = "jtune.storage";
    public static final String MAX_CONCURRENT = "jtune.maxConcurrent";
    public static final String RESUME = "jtune.resume";
    public static final String QUIET = "jtune.quiet";
    public static final String SKIP = "jtune.skip";
    public static final String PROGRESS = "jtune.progress";
    public static final String REPORT_OUTPUT = "jtune.report.output";

    // the engine
    public static final String EXECUTOR = "jtune.executor";
    public static final String DETERMINISTIC = "jtune.deterministic";
    public static final String MAX_PENDING_TRIALS = "jtune.maxPendingTrials";
    public static final String RESULT_BUFFER = "jtune.resultBuffer";
    public static final String STALL_TIMEOUT = "jtune.stallTimeout";
    public static final String LOG = "jtune.log";
    public static final String PROCESS_JVM_OPTIONS = "jtune.process.jvmOptions";

    // report, dashboard, TensorBoard
    public static final String REPORT = "jtune.report";
    public static final String TENSORBOARD = "jtune.tensorboard";
    public static final String SERVER = "jtune.server";
    public static final String SERVER_HOST = "jtune.server.host";
    public static final String SERVER_ALLOW_REMOTE = "jtune.server.allowRemote";

    // cluster: driver
    public static final String CLUSTER = "jtune.cluster";
    public static final String CLUSTER_TLS = "jtune.cluster.tls";
    public static final String CLUSTER_INSECURE = "jtune.cluster.insecure";
    public static final String CLUSTER_WAIT_FOR_WORKERS = "jtune.cluster.waitForWorkers";
    public static final String CLUSTER_KEEP_WAITING = "jtune.cluster.keepWaiting";
    public static final String CLUSTER_MAX_LOST_RUNS = "jtune.cluster.maxLostRuns";
    public static final String CLUSTER_MIN_WORKERS = "jtune.cluster.minWorkers";
    public static final String CLUSTER_SHARED_STORAGE = "jtune.cluster.sharedStorage";

    // cluster: worker (tune:worker) and certificates (tune:certs)
    public static final String JOIN = "jtune.join";
    public static final String WORKER_RESOURCES = "jtune.worker.resources";
    public static final String WORKER_HOST = "jtune.worker.host";
    public static final String WORKER_PORT = "jtune.worker.port";
    public static final String WORKER_JOIN_TIMEOUT = "jtune.worker.joinTimeout";
    public static final String WORKER_DRIVERS = "jtune.worker.drivers";
    public static final String CERTS_OUT = "jtune.certs.out";
    public static final String CERTS_NODES = "jtune.certs.nodes";

    /** Every key above. */
    public static final Set<String> ALL = Set.copyOf(List.of(
            EXPERIMENTS, EXPERIMENT, SAMPLES, SEED, STORAGE, MAX_CONCURRENT, RESUME, QUIET, SKIP, PROGRESS, REPORT_OUTPUT,
            EXECUTOR, DETERMINISTIC, MAX_PENDING_TRIALS, RESULT_BUFFER, STALL_TIMEOUT, LOG, PROCESS_JVM_OPTIONS,
            REPORT, TENSORBOARD, SERVER, SERVER_HOST, SERVER_ALLOW_REMOTE,
            CLUSTER, CLUSTER_TLS, CLUSTER_INSECURE, CLUSTER_WAIT_FOR_WORKERS, CLUSTER_KEEP_WAITING, CLUSTER_MAX_LOST_RUNS, CLUSTER_MIN_WORKERS,
            CLUSTER_SHARED_STORAGE,
            JOIN, WORKER_RESOURCES, WORKER_HOST, WORKER_PORT, WORKER_JOIN_TIMEOUT, WORKER_DRIVERS, CERTS_OUT, CERTS_NODES));

    private ConfigurationKeys() {
    }

    /** True for a {@code jtune.*} key that is not one of {@link #ALL}. */
    public static boolean isUnknown(String key) {
        return key.startsWith(PREFIX) && !ALL.contains(key);
    }

    /** The known key closest to {@code key} by edit distance, when it is close enough to be a typo of it. */
    public static Optional<String> nearest(String key) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String known : ALL) {
            int d = editDistance(key, known);
            if (d < bestDistance || d == bestDistance && known.compareTo(best) < 0) {
                best = known;
                bestDistance = d;
            }
        }
        return bestDistance <= Math.max(2, key.length() / 4) ? Optional.of(best) : Optional.empty();
    }

    /** The warning for an unknown key: what was given and, when there is one, the key probably meant. */
    public static String unknownKeyMessage(String key) {
        return "unknown configuration key " + key + " is ignored"
                + nearest(key).map(k -> "; did you mean " + k + "?").orElse("; the keys are listed in docs/configuration.md");
    }

    private static int editDistance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
