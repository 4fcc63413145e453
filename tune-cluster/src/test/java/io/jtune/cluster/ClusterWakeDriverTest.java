package io.jtune.cluster;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.api.ResourceRequest;
import io.jtune.cluster.driver.ClusterExecutorFactory;
import io.jtune.cluster.driver.ClusterSettings;
import io.jtune.cluster.node.HostPort;
import io.jtune.engine.Tuner;
import io.jtune.engine.exec.TrialExecutor;
import io.jtune.engine.exec.TrialLaunch;
import io.jtune.engine.testing.DriverWaits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
/**
 * A steering request's wake ({@link TrialExecutor#wakeDriver}) ends the cluster driver's wait for
 * events while the only trial computes on a worker JVM (127.0.0.1) and posts nothing.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class ClusterWakeDriverTest {
    @TempDir
    Path dir;

    @Test
    void aWakeEndsTheDriversWaitWhileNoWorkerPosts() throws Exception {
        int port = WorkerProcesses.freePort();
        try (WorkerProcesses workers = new WorkerProcesses()) {
            workers.start("w", null, "--join", "127.0.0.1:" + port, "--insecure", "--resources", "cpu=1", "--work-dir", dir.resolve("w").toString());
            ClusterSettings settings = ClusterSettings.at(new HostPort("127.0.0.1", port)).insecureOnLoopback().withMinWorkers(1)
                    .withWaitForWorkers(Duration.ofSeconds(60));
            Path steps = Files.createDirectories(dir.resolve("steps"));
            try (TrialExecutor executor = ClusterExecutorFactory.with(settings).create(Tuner.of(StepTrainable.class).name("wake")
                    .storagePath(dir.resolve("results")).progress(false).spec())) {
                Config config = Config.of(Map.of("x", 1.0, "stepMillis", 600_000, "stepsDir", steps.toString()));
                executor.start(new TrialLaunch("t", 1, config, Files.createDirectories(dir.resolve("results/t")), ResourceRequest.cpus(1), null, 0));
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                while (isEmpty(steps) && System.nanoTime() < deadline) {
                    assertNull(executor.nextEvent(100, TimeUnit.MILLISECONDS), "the step sleeps ten minutes: no event comes");
                }
                assertFalse(isEmpty(steps), "the trial's step began on the worker");

                assertNull(DriverWaits.nextEventAfterAWake(executor), "the wait ended, without an event");
                assertTrue(executor.hasPendingEvents(), "the trial still runs");
                executor.stop("t", false);
            }
        }
    }

    private static boolean isEmpty(Path folder) throws IOException {
        try (Stream<Path> entries = Files.list(folder)) {
            return entries.findAny().isEmpty();
        }
    }
}
