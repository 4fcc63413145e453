package io.jtune.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.space.SearchSpace;
import io.jtune.cluster.driver.ClusterExecutorFactory;
import io.jtune.cluster.driver.ClusterSettings;
import io.jtune.cluster.node.HostPort;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.Tuner;
import io.jtune.engine.stop.MaximumIterationStopper;
import io.jtune.engine.testing.CapturedLog;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A worker's console as its user reads it (a worker JVM with Pekko's warnings on, as the tests'
 * logging set-up has them): a quiet wait, then one line a state change: joined, running a trial,
 * the experiment ended; and a worker leaving at the end is no warning on the driver.
 */
@Timeout(240)
class WorkerConsoleTest {
    @TempDir
    Path dir;

    private static List<String> warnings(String output) {
        return output.lines().filter(l -> l.contains(" WARN ") || l.contains("[WARN]")).toList();
    }

    @Test
    void aWorkerWaitingForADriverThatIsNotThereSaysSoQuietly() throws Exception {
        Certs.make(dir.resolve("tls"), List.of("worker"));
        int port = WorkerProcesses.freePort();
        try (WorkerProcesses workers = new WorkerProcesses()) {
            WorkerProcesses.WorkerProcess worker = workers.start("waiting", null,
                    "--join", "127.0.0.1:" + port, "--tls", dir.resolve("tls").resolve("worker").toString(), "--join-timeout", "14");
            assertEquals(Worker.EXIT_NO_JOIN, worker.awaitExit(Duration.ofSeconds(90)));
            String output = worker.output();
            assertTrue(output.contains(": waiting for the driver at 127.0.0.1:" + port + ", offering "), output);
            assertTrue(output.contains(": waiting for the driver at 127.0.0.1:" + port + ", 10 s"), "a note while it waits: " + output);
            assertEquals(List.of(), warnings(output), "no warning for each failed attempt while the driver is not there");
            assertTrue(output.contains("could not join the driver at 127.0.0.1:" + port + " within 14 s"), output);
        }
    }

    @Test
    void aWorkerWithoutAnSlf4jProviderPrintsNoSlf4jNotice() throws Exception {
        String withoutProvider = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> !entry.contains("logback")).collect(Collectors.joining(File.pathSeparator));
        try (WorkerProcesses workers = new WorkerProcesses()) {
            WorkerProcesses.WorkerProcess worker = workers.start("no-provider", withoutProvider, "--join", "127.0.0.1:" + WorkerProcesses.freePort(),
                    "--insecure", "--join-timeout", "2", "--work-dir", dir.resolve("no-provider").toString());
            assertEquals(Worker.EXIT_NO_JOIN, worker.awaitExit(Duration.ofSeconds(60)), worker.output());
            assertTrue(worker.output().contains(": waiting for the driver at "), worker.output());
            assertFalse(worker.output().contains("SLF4J"), "jtune's fallback, not SLF4J's notice: " + worker.output());
        }
    }

    @Test
    void aWorkerWhosePortIsHeldSaysSoAndExits() throws Exception {
        try (ServerSocket held = new ServerSocket(0, 1, InetAddress.getLoopbackAddress()); WorkerProcesses workers = new WorkerProcesses()) {
            WorkerProcesses.WorkerProcess worker = workers.start("held-port", null, "--join", "127.0.0.1:" + WorkerProcesses.freePort(),
                    "--host", "127.0.0.1", "--port", Integer.toString(held.getLocalPort()), "--insecure", "--work-dir", dir.resolve("held").toString());
            assertEquals(Worker.EXIT_BAD_INPUT, worker.awaitExit(Duration.ofSeconds(60)), worker.output());
            assertTrue(worker.output().contains("jtune worker: cannot listen on 127.0.0.1:" + held.getLocalPort() + ": the address is in use"),
                    worker.output());
            assertTrue(worker.output().contains("choose another --port"), worker.output());
        }
    }

    @Test
    void aWorkerSaysWhenItJoinsRunsTrialsAndSeesTheExperimentEnd() throws Exception {
        int port = WorkerProcesses.freePort();
        try (WorkerProcesses workers = new WorkerProcesses();
             CapturedLog driverWarnings = new CapturedLog("io.jtune.cluster.driver.DriverActor")) {
            WorkerProcesses.WorkerProcess worker = workers.start("console", null, "--join", "127.0.0.1:" + port, "--insecure", "--drivers", "1",
                    "--resources", "cpu=3", "--work-dir", dir.resolve("work").toString());
            Tuner tuner = Tuner.of(StepTrainable.class).name("console").storagePath(dir.resolve("results"))
                    .space(SearchSpace.builder().grid("x", 0.5, 1.5).build()).stop(new MaximumIterationStopper(3))
                    .executor(ClusterExecutorFactory.with(ClusterSettings.at(new HostPort("127.0.0.1", port)).insecureOnLoopback()
                            .withWaitForWorkers(Duration.ofSeconds(60))));
            ByteArrayOutputStream progress = new ByteArrayOutputStream();
            PrintStream stdout = System.out;
            ResultGrid grid;
            System.setOut(new PrintStream(progress, true, StandardCharsets.UTF_8));
            try {
                grid = tuner.fit();
            } finally {
                System.setOut(stdout);
            }
            String table = progress.toString(StandardCharsets.UTF_8);
            assertTrue(table.contains("/3 CPUs in use, trials on a cluster of 1 worker" + System.lineSeparator()),
                    "the progress table shows the cluster's CPUs, not the driver's, and what runs the trials: " + table);
            assertTrue(table.contains("2 done / 0 running / 0 pending of 2 ("), table);
            assertEquals(2, grid.numTerminated());
            assertEquals(0, worker.awaitExit(Duration.ofSeconds(60)), "--drivers 1: it exits once its driver is gone");

            String output = worker.output();
            assertTrue(output.contains(": joined the driver at 127.0.0.1:" + port + ", offering 3.0 CPU"), output);
            assertEquals(2, output.lines().filter(l -> l.contains(": running trial ")).count(), "a line for each trial: " + output);
            assertTrue(output.contains(": the driver at 127.0.0.1:" + port + " left: its experiment ended"), output);
            assertEquals(List.of(), warnings(output), "a normal run warns of nothing");
            assertTrue(driverWarnings.messages().stream().noneMatch(m -> m.contains("left the cluster")),
                    "the worker leaving at the end is no warning on the driver: " + driverWarnings.messages());
        }
    }
}
