package io.jtune.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.engine.output.DateStamp;
import io.jtune.engine.runner.state.ExperimentLock;
import io.jtune.engine.spec.CheckpointPolicy;
import io.jtune.engine.testing.CountingTrainable;
import io.jtune.engine.testing.Runs;
import io.jtune.engine.testing.StopAt;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Fresh runs without a name that start together each take a folder of their own. */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class ConcurrentFreshRunsTest {
    @TempDir
    Path storage;

    private Tuner fresh() {
        return Tuner.of(CountingTrainable.class).storagePath(storage).progress(false).machineResources(Runs.TWO_CPUS)
                .numSamples(2).stop(StopAt.iteration(3)).checkpoint(CheckpointPolicy.every(1));
    }

    @Test
    void aFreshRunWhoseDatedFolderIsLockedByAnotherRunTakesTheNextOne() throws Exception {
        long now = System.currentTimeMillis() / 1000;
        List<ExperimentLock> held = new ArrayList<>();
        try {
            for (long second = now; second < now + 60; second++) {   // whatever second fit() names, another run holds that folder
                held.add(ExperimentLock.acquire(storage.resolve("CountingTrainable_" + DateStamp.ofEpochSecond(second))));
            }
            ResultGrid grid = fresh().fit();
            Path dir = grid.trials().get(0).dir().getParent();
            assertTrue(dir.getFileName().toString().matches("CountingTrainable_\\d{4}-\\d\\d-\\d\\d_\\d\\d-\\d\\d-\\d\\d_\\d+"), dir.toString());
            assertEquals(2, grid.size());
        } finally {
            for (ExperimentLock lock : held) {
                lock.close();
            }
        }
    }

    @Test
    void twoFreshRunsStartedTogetherBothFinishInFoldersOfTheirOwn() throws Exception {
        CyclicBarrier start = new CyclicBarrier(2);
        Callable<Path> run = () -> {
            Tuner tuner = fresh();
            start.await();
            return tuner.fit().trials().get(0).dir().getParent();
        };
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<Path> first = pool.submit(run);
            Future<Path> second = pool.submit(run);
            assertNotEquals(first.get(), second.get());
        } finally {
            pool.shutdownNow();
        }
    }
}
