package io.jtune.xgboost;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Result;
import io.jtune.api.space.SearchSpace;
import io.jtune.cluster.Worker;
import io.jtune.cluster.driver.ClusterExecutorFactory;
import io.jtune.cluster.driver.ClusterSettings;
import io.jtune.cluster.node.HostPort;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.TrialOutcome;
import io.jtune.engine.Tuner;
import io.jtune.engine.exec.ExecutorFactory;
import io.jtune.engine.spec.CheckpointPolicy;
import io.jtune.engine.stop.Stoppers;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import ml.dmlc.xgboost4j.java.Booster;
import ml.dmlc.xgboost4j.java.DMatrix;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A trial that fails at round {@value FailsOnceAtRound#FAIL_AT} and is retried from its
 * checkpoint ends with the same booster as one trained {@value #ROUNDS} rounds without a break:
 * identical predictions, on threads, in worker processes and on a cluster worker (a JVM of its own
 * on 127.0.0.1, plaintext on loopback as the cluster module's own multi-JVM tests run it).
 */
class ContinuationTest {
    static final int ROUNDS = 15;

    @TempDir
    Path storage;

    @Test
    void aRetriedTrialContinuesItsBoosterOnThreads() throws Exception {
        assertContinues(ExecutorFactory.threads());
    }

    @Test
    void aRetriedTrialContinuesItsBoosterInAWorkerProcess() throws Exception {
        assertContinues(ExecutorFactory.process());
    }

    @Test
    void aRetriedTrialContinuesItsBoosterOnAClusterWorker() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        Path log = storage.resolve("worker.log");
        Process worker = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                Worker.class.getName(), "--join", "127.0.0.1:" + port, "--insecure", "--resources", "cpu=2",
                "--work-dir", storage.resolve("worker").toString(), "--drivers", "1")
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            ClusterSettings settings = ClusterSettings.at(new HostPort("127.0.0.1", port)).insecureOnLoopback()
                    .withWaitForWorkers(Duration.ofSeconds(60));
            ResultGrid grid;
            try {
                grid = assertContinues(ClusterExecutorFactory.with(settings));
            } catch (Exception | AssertionError e) {
                throw new AssertionError("on the cluster worker; its output:\n" + Files.readString(log), e);
            }
            for (TrialOutcome trial : grid.trials()) {
                for (Result r : trial.history()) {
                    assertEquals(worker.pid(), ((Number) r.get(Result.PID)).longValue(), "ran on the worker: " + r);
                }
            }
            assertTrue(worker.waitFor(60, TimeUnit.SECONDS), "the worker exits after its one driver: " + Files.readString(log));
            assertEquals(0, worker.exitValue(), Files.readString(log));
        } finally {
            worker.destroyForcibly();
        }
    }

    private ResultGrid assertContinues(ExecutorFactory executor) throws Exception {
        ResultGrid grid = Tuner.of(FailsOnceAtRound.class)
                .space(SearchSpace.builder().grid("eta", 0.1, 0.4).build())
                .executor(executor)
                .maxFailures(1)
                .checkpoint(CheckpointPolicy.every(1).atEnd(true))
                .stop(Stoppers.maximumIteration(ROUNDS))
                .storagePath(storage)
                .progress(false)
                .fit();
        assertEquals(2, grid.numTerminated(), grid.toString());
        DMatrix rows = Synthetic.matrix(500, 99);
        try {
            for (TrialOutcome trial : grid.trials()) {
                assertEquals(1, trial.numFailures(), trial + " failed once at round " + FailsOnceAtRound.FAIL_AT);
                assertRoundsContinued(trial.history());
                float[][] uninterrupted = Synthetic.uninterrupted(trial.config(), ROUNDS, rows);
                Booster resumed = BoosterCheckpoint.read(trial.latestCheckpoint().path());
                try {
                    assertEquals(ROUNDS, BoosterCheckpoint.rounds(resumed));
                    assertArrayEquals(uninterrupted, resumed.predict(rows), "trial " + trial.id() + " with " + trial.config());
                } finally {
                    resumed.dispose();
                }
            }
        } finally {
            rows.dispose();
        }
        return grid;
    }

    /** After the failure the rounds go on from the checkpoint's round: 1..ROUNDS, each once. */
    private static void assertRoundsContinued(List<Result> history) {
        assertEquals(ROUNDS, history.size(), history.toString());
        for (int i = 0; i < ROUNDS; i++) {
            assertEquals(i + 1, ((Number) history.get(i).get(BoostingRun.ROUNDS)).intValue(), history.get(i).toString());
            assertTrue(history.get(i).has("validation-logloss") && history.get(i).has("train-auc"), history.get(i).toString());
        }
        assertNotEquals(history.get(0).get("validation-logloss"), history.get(ROUNDS - 1).get("validation-logloss"));
    }
}
