package io.jtune.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.TuneException;
import io.jtune.api.space.SearchSpace;
import io.jtune.cluster.driver.ClusterExecutorFactory;
import io.jtune.cluster.driver.ClusterSettings;
import io.jtune.cluster.node.CodeDigest;
import io.jtune.cluster.node.ExplainedTlsEngineProvider;
import io.jtune.cluster.node.HostPort;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.Tuner;
import io.jtune.engine.checkpoint.CheckpointFolders;
import io.jtune.engine.stop.MaximumIterationStopper;
import io.jtune.engine.testing.CapturedLog;
import java.io.File;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
/** Mutual TLS between driver and workers, and the joins a driver refuses (other CA, other code). */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SecurityTest {
    private Path dir;
    private Path tls;
    private Path rogue;

    @BeforeAll
    void makeCertificates(@TempDir Path tempDir) throws Exception {
        dir = tempDir;
        tls = dir.resolve("tls");
        rogue = dir.resolve("rogue");
        Certs.make(tls, List.of("driver", "worker"));
        Certs.make(rogue, List.of("worker"));
    }

    private Tuner experiment(String name, int port, Duration wait) {
        return Tuner.of(StepTrainable.class)
                .name(name)
                .storagePath(dir.resolve("results"))
                .space(SearchSpace.builder().grid("x", 0.5, 1.5).build())
                .stop(new MaximumIterationStopper(3))
                .progress(false)
                .executor(ClusterExecutorFactory.with(ClusterSettings.at(new HostPort("127.0.0.1", port)).withTls(tls.resolve("driver")).withWaitForWorkers(wait)));
    }

    @Test
    void aWorkerWithTheClusterCasCertificateRunsTrialsOverMutualTls() {
        int port = WorkerProcesses.freePort();
        try (WorkerProcesses workers = new WorkerProcesses()) {
            workers.start("tls-worker", null, "--join", "127.0.0.1:" + port, "--tls", tls.resolve("worker").toString());
            ResultGrid grid = experiment("tls", port, Duration.ofSeconds(60)).fit();
            assertEquals(2, grid.numTerminated());
            assertEquals(6.0 * 0.5 / 2, ((Number) grid.get(0).lastResult().get("score")).doubleValue());
        }
    }

    @Test
    void aWorkerWithARogueCertificateCannotJoin() throws Exception {
        int port = WorkerProcesses.freePort();
        try (WorkerProcesses workers = new WorkerProcesses()) {
            WorkerProcesses.WorkerProcess worker = workers.start("rogue-worker", null,
                    "--join", "127.0.0.1:" + port, "--tls", rogue.resolve("worker").toString(), "--join-timeout", "30");
            List<String> driverErrors;
            try (CapturedLog tls = new CapturedLog(ExplainedTlsEngineProvider.class)) {
                TuneException error = assertThrows(TuneException.class, () -> experiment("rogue", port, Duration.ofSeconds(20)).fit());
                assertTrue(error.getMessage().contains("no worker joined the cluster at 127.0.0.1:" + port), error.getMessage());
                driverErrors = tls.messages();
            }
            assertEquals(Worker.EXIT_NO_JOIN, worker.awaitExit(Duration.ofSeconds(60)));
            String output = worker.output();
            assertTrue(output.contains("could not join the driver at 127.0.0.1:" + port), output);
            assertTrue(output.contains("jtune worker: TLS of 127.0.0.1:") && output.contains("refused the node at 127.0.0.1:" + port)
                    && output.contains("the certificate CN=driver issued by CN=jtune cluster CA is not signed by the CA in " + rogue.resolve("worker"))
                    && output.contains("make every node's folder with one CA"), "the worker says plainly why it cannot join: " + output);
            // TLS 1.3: the worker, not trusting the driver's certificate, breaks the handshake off before it shows its own
            assertTrue(driverErrors.stream().anyMatch(m -> m.contains("a node connecting from 127.0.0.1:") && m.contains("broke off the TLS handshake")
                    && m.contains("it does not trust this node's certificate, which is signed by the CA in " + tls.resolve("driver"))
                    && m.contains("make every node's folder with one CA")), "the driver says plainly why the worker cannot join: " + driverErrors);
        }
    }

    @Test
    void aWorkerWithOtherCodeIsRefusedNamingBothDigests() throws Exception {
        Path classes = Path.of(StepTrainable.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path other = dir.resolve("other-classes");
        CheckpointFolders.copy(classes, other);
        Files.writeString(other.resolve("changed.txt"), "a different build");

        String output = refusedWorkerOutput("other-code", classPathWith(classes, other));

        assertTrue(output.contains("has other code for " + StepTrainable.class.getName()) && output.contains("the worker's SHA-256 is")
                && output.contains("the driver's is"), output);
    }

    @Test
    void aWorkerWithAnotherBuildOfADependencyJarIsRefusedNamingTheJar() throws Exception {
        Path jar = Path.of(org.apache.commons.math3.util.FastMath.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path other = dir.resolve("other-jars").resolve(jar.getFileName());
        Files.createDirectories(other.getParent());
        try (JarFile in = new JarFile(jar.toFile()); JarOutputStream out = new JarOutputStream(Files.newOutputStream(other))) {
            for (JarEntry entry : in.stream().toList()) {
                out.putNextEntry(new JarEntry(entry.getName()));
                try (InputStream content = in.getInputStream(entry)) {
                    content.transferTo(out);
                }
            }
            out.putNextEntry(new JarEntry("patched.txt"));
            out.write("a locally patched build".getBytes(StandardCharsets.UTF_8));
        }

        String output = refusedWorkerOutput("other-jar", classPathWith(jar, other));

        assertTrue(output.contains("has another class path than the driver") && output.contains("commons-math3: the driver has " + jar.getFileName()
                + " (SHA-256 " + CodeDigest.ofEntry(jar) + "), the worker has " + jar.getFileName()), output);
    }

    /** This JVM's class path with {@code original} replaced by {@code replacement}. */
    private static String classPathWith(Path original, Path replacement) {
        return Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
                .map(e -> Path.of(e).toAbsolutePath().normalize().equals(original.toAbsolutePath().normalize()) ? replacement.toString() : e)
                .collect(Collectors.joining(File.pathSeparator));
    }

    /** Starts a worker on {@code classPath} next to a driver; the driver refuses it: returns the worker's output. */
    private String refusedWorkerOutput(String name, String classPath) throws Exception {
        int port = WorkerProcesses.freePort();
        try (WorkerProcesses workers = new WorkerProcesses()) {
            WorkerProcesses.WorkerProcess worker = workers.start(name, classPath, "--join", "127.0.0.1:" + port, "--tls", tls.resolve("worker").toString());
            CompletableFuture<Throwable> run = CompletableFuture.supplyAsync(() -> {
                try {
                    experiment(name, port, Duration.ofSeconds(20)).fit();
                    return null;
                } catch (RuntimeException e) {
                    return e;
                }
            });
            assertEquals(Worker.EXIT_BAD_INPUT, worker.awaitExit(Duration.ofSeconds(60)));
            assertTrue(run.get(60, TimeUnit.SECONDS) instanceof TuneException);
            return worker.output();
        }
    }

    @Test
    void aWrongJoinAddressEndsTheWorkerWithAClearError() throws Exception {
        int port = WorkerProcesses.freePort();
        try (WorkerProcesses workers = new WorkerProcesses()) {
            WorkerProcesses.WorkerProcess worker = workers.start("lonely", null, "--join", "127.0.0.1:" + port, "--insecure", "--join-timeout", "4");
            assertEquals(Worker.EXIT_NO_JOIN, worker.awaitExit(Duration.ofSeconds(60)));
            assertTrue(worker.output().contains("could not join the driver at 127.0.0.1:" + port + " within 4 s"), worker.output());
        }
    }
}
