package io.jtune.engine.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.jtune.api.Config;
import io.jtune.api.ResourceRequest;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.spi.RunnerView;
import io.jtune.api.spi.TrialScheduler.Decision;
import io.jtune.api.spi.TrialView;
import io.jtune.api.trainable.Checkpoint;
import io.jtune.engine.TestTrialView;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FifoSchedulerTest {

    /** A runner with {@code freeCpus} CPUs free and nothing else. */
    private record Runner(List<TestTrialView> trials, double freeCpus) implements RunnerView {
        @Override
        public boolean hasResources(ResourceRequest request) {
            return request.cpu() <= freeCpus;
        }

        @Override
        public void stopTrial(TrialView trial) {
            throw new AssertionError("FIFO never stops a trial");
        }

        @Override
        public void pauseTrial(TrialView trial) {
            throw new AssertionError("FIFO never pauses a trial");
        }

        @Override
        public void unpauseTrial(TrialView trial) {
            throw new AssertionError("FIFO never unpauses a trial");
        }

        @Override
        public Checkpoint saveCheckpoint(TrialView trial) {
            throw new AssertionError("FIFO never checkpoints");
        }

        @Override
        public void exploit(TrialView trial, Config newConfig, String newTag, Checkpoint from) {
            throw new AssertionError("FIFO never exploits");
        }
    }

    private static TestTrialView trial(String id, TrialStatus status, double cpus) {
        return new TestTrialView(id, Config.empty(), null).status(status).resources(ResourceRequest.cpus(cpus));
    }

    private final FifoScheduler fifo = new FifoScheduler();

    @Test
    void picksTheFirstPendingTrialThatFitsBeforeAnyPausedOne() {
        TestTrialView paused = trial("p", TrialStatus.PAUSED, 1);
        TestTrialView big = trial("big", TrialStatus.PENDING, 4);
        TestTrialView small = trial("small", TrialStatus.PENDING, 1);
        TestTrialView later = trial("later", TrialStatus.PENDING, 1);

        assertSame(small, fifo.chooseTrialToRun(new Runner(List.of(paused, trial("r", TrialStatus.RUNNING, 1), big, small, later), 2)));
    }

    @Test
    void fallsBackToTheFirstPausedTrialThatFits() {
        TestTrialView bigPaused = trial("p1", TrialStatus.PAUSED, 4);
        TestTrialView paused = trial("p2", TrialStatus.PAUSED, 1);

        assertSame(paused, fifo.chooseTrialToRun(new Runner(List.of(trial("big", TrialStatus.PENDING, 4), bigPaused, paused), 2)));
    }

    @Test
    void choosesNothingWhenNothingFits() {
        assertNull(fifo.chooseTrialToRun(new Runner(List.of(trial("big", TrialStatus.PENDING, 4), trial("t", TrialStatus.TERMINATED, 1)), 2)));
    }

    @Test
    void alwaysContinues() {
        Runner runner = new Runner(List.of(), 1);
        TestTrialView t = trial("t", TrialStatus.RUNNING, 1);
        fifo.onTrialAdd(runner, t);
        assertEquals(Decision.CONTINUE, fifo.onTrialResult(runner, t, Result.of(Map.of("loss", Double.NaN, "done", true))));
    }
}
