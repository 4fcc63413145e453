package io.jtune.xgboost;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jtune.api.Mode;
import io.jtune.api.ResourceRequest;
import io.jtune.api.Result;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.Tuner;
import io.jtune.engine.schedule.FifoScheduler;
import io.jtune.engine.schedule.ResourceChangingScheduler;
import io.jtune.engine.spec.CheckpointPolicy;
import io.jtune.engine.stop.Stoppers;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A booster trains with as many threads as its trial has CPUs, also after the ResourceChangingScheduler changes them. */
class ThreadsTest {
    @TempDir
    Path storage;

    private Tuner tuner() {
        return Tuner.of(ThreadsBooster.class).storagePath(storage).progress(false)
                .machineResources(new ResourceRequest(2, 0, 1L << 30, Map.of()))
                .metric("validation-logloss", Mode.MIN)
                .checkpoint(CheckpointPolicy.every(1))
                .stop(Stoppers.maximumIteration(4));
    }

    @Test
    void nthreadIsTheTrialsCpus() {
        ResultGrid grid = tuner().resources(ResourceRequest.cpus(2)).fit();
        assertEquals(List.of(2, 2, 2, 2), threads(grid));
    }

    @Test
    void nthreadFollowsTheCpusTheResourceChangingSchedulerGives() {
        ResultGrid grid = tuner().resources(ResourceRequest.cpus(1))
                .scheduler(new ResourceChangingScheduler(new FifoScheduler(), (runner, trial, result, base) -> ResourceRequest.cpus(2)))
                .fit();
        assertEquals(List.of(1, 2, 2, 2), threads(grid));
    }

    private static List<Integer> threads(ResultGrid grid) {
        assertEquals(1, grid.numTerminated(), grid.toString());
        return grid.get(0).history().stream().map(ThreadsTest::threads).toList();
    }

    private static int threads(Result result) {
        return ((Number) result.get(BoosterParams.NTHREAD)).intValue();
    }
}
