package io.jtune.engine.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.ResourceRequest;
import io.jtune.api.TuneException;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.TrialOutcome;
import io.jtune.engine.Tuner;
import io.jtune.engine.exec.ExecutorFactory;
import io.jtune.engine.exec.LocalTrialExecutor;
import io.jtune.engine.exec.TrialExecutor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcessExecutorSelectionTest {
    @TempDir
    Path storage;

    @Test
    void isolationProcessRunsEachTrialInAWorkerJvmWithItsHeapLimitAndGpu() {
        ResultGrid grid = Tuner.of(Isolated.class)
                .machineResources(new ResourceRequest(2, 2, 1L << 30, Map.of()))
                .storagePath(storage)
                .progress(false)
                .fit();
        assertEquals(2, grid.numTerminated());
        for (TrialOutcome t : grid.trials()) {
            io.jtune.api.Result last = t.lastResult();
            assertNotEquals(ProcessHandle.current().pid(), ((Number) last.get("worker_pid")).longValue(), "ran in a worker JVM");
            assertEquals(last.get("worker_pid"), last.get(io.jtune.api.Result.PID), "the pid field names the worker, as in Ray Tune");
            assertTrue(((Number) last.get("max_heap_mib")).longValue() <= 96, "-Xmx96m from @Resources(memoryMb = 96): " + last);
            assertEquals(String.valueOf(last.get("gpu_ids")).replaceAll("[\\[\\] ]", ""), last.get("cuda_visible_devices"), last.toString());
            assertEquals(1, ((java.util.List<?>) last.get("gpu_ids")).size(), last.toString());
        }
    }

    @Test
    void aLambdaIsRefusedAtFitSayingToMakeItAClass() {
        Tuner tuner = Tuner.of("lambda", (config, session) -> session.report(Map.of("x", 1)))
                .executor(ExecutorFactory.process()).storagePath(storage).progress(false);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, tuner::fit);
        assertTrue(e.getMessage().contains("trainable 'lambda' was given as a lambda") && e.getMessage().contains("make it a class"), e.getMessage());
        assertTrue(!Files.exists(storage) || storage.toFile().list().length == 0, "nothing was written");
    }

    @Test
    void executorsAreChosenByName() {
        assertInstanceOf(LocalTrialExecutor.class, create(ExecutorFactory.named("threads", "jtune.executor")));
        assertInstanceOf(ProcessTrialExecutor.class, create(ExecutorFactory.named("PROCESS", "jtune.executor")));
        TuneException e = assertThrows(TuneException.class, () -> ExecutorFactory.named("docker", "-Djtune.executor"));
        assertEquals("-Djtune.executor='docker' names no executor: use one of threads (trials on threads of this JVM), process (each trial in a worker JVM)",
                e.getMessage());
        TuneException cluster = assertThrows(TuneException.class, () -> ExecutorFactory.named("cluster", "-Djtune.executor"));
        assertTrue(cluster.getMessage().endsWith("the cluster executor needs the dependency io.jtune:tune-cluster on the class path"), cluster.getMessage());
    }

    private TrialExecutor create(ExecutorFactory factory) {
        try (TrialExecutor executor = factory.create(Tuner.of(Sleepy.class).storagePath(storage).spec())) {
            return executor;
        }
    }
}
