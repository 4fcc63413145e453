package io.jtune.engine.process;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jtune.api.Mode;
import io.jtune.api.ResourceRequest;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.space.SearchSpace;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.TrialOutcome;
import io.jtune.engine.Tuner;
import io.jtune.engine.stop.Stoppers;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A child process a trainable starts under the process executor ends with its trial, and none outlives the experiment. */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class ChildProcessesEndWithTheirTrialTest {
    @TempDir
    Path storage;

    @Test
    void everyChildProcessOfATrialIsGoneWhenItsTrialEndsAndNoneOutlivesTheExperiment() {
        List<Long> alive = new ArrayList<>();
        ResultGrid grid = Tuner.of(ChildSpawner.class)
                .space(SearchSpace.builder().grid("x", 1, 2, 3).build())
                .stop(Stoppers.metricThreshold(Result.TRAINING_ITERATION, 3, Mode.MAX))
                .resources(ResourceRequest.cpus(1))
                .machineResources(new ResourceRequest(1, 0, 1L << 30, Map.of()))
                .executor(ProcessExecutorFaultsTest.FAST_START.executor())
                .storagePath(storage)
                .progress(false)
                .fit();
        try {
            assertEquals(3, grid.size());
            for (TrialOutcome trial : grid.trials()) {
                assertEquals(TrialStatus.TERMINATED, trial.status(), trial.name() + " " + trial.errorTrace());
                long child = ((Number) trial.lastResult().get("child_pid")).longValue();
                if (ProcessHandle.of(child).map(ProcessHandle::isAlive).orElse(false)) {
                    alive.add(child);
                }
            }
            assertEquals(List.of(), alive, "child processes (sleep 300) still alive after their trials and the experiment ended");
        } finally {
            alive.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
        }
    }
}
