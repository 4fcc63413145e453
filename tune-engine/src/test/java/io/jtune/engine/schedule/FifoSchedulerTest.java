package io.jtune.engine.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.api.ResourceRequest;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.spi.RunnerView;
import io.jtune.api.spi.TrialScheduler.Decision;
import io.jtune.api.spi.TrialView;
import io.jtune.api.trainable.CheckpointDir;
import io.jtune.engine.TestTrialView;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.SplittableRandom;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FifoSchedulerTest {

    /** A runner with {@code freeCpus} CPUs free and nothing else; {@code waiting}: the waiting trials it keeps apart, or null to filter {@code trials}. */
    private record Runner(List<? extends TrialView> trials, double freeCpus, Map<TrialStatus, List<TestTrialView>> waiting) implements RunnerView {
        Runner(List<? extends TrialView> trials, double freeCpus) {
            this(trials, freeCpus, null);
        }

        @Override
        public Collection<? extends TrialView> waitingTrials(TrialStatus status) {
            return waiting == null ? RunnerView.super.waitingTrials(status) : waiting.get(status);
        }

        @Override
        public boolean hasResources(ResourceRequest request) {
            return request.cpu() <= freeCpus;
        }

        @Override
        public ResourceRequest totalResources() {
            throw new AssertionError("FIFO never asks for the totals");
        }

        @Override
        public void changeResources(TrialView trial, ResourceRequest request) {
            throw new AssertionError("FIFO never changes resources");
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
        public CheckpointDir saveCheckpoint(TrialView trial) {
            throw new AssertionError("FIFO never checkpoints");
        }

        @Override
        public void exploit(TrialView trial, Config newConfig, String newTag, CheckpointDir from) {
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

    /** The rule as Ray Tune states it: a scan of every trial, PENDING ones first. */
    private static TrialView reference(RunnerView runner) {
        for (TrialStatus wanted : List.of(TrialStatus.PENDING, TrialStatus.PAUSED)) {
            for (TrialView t : runner.trials()) {
                if (t.status() == wanted && runner.hasResources(t.resources())) {
                    return t;
                }
            }
        }
        return null;
    }

    @Test
    void choosesAsAScanOfEveryTrialWouldThroughAnyLifecycle() {
        SplittableRandom random = new SplittableRandom(42);
        for (int run = 0; run < 20; run++) {
            FifoScheduler scheduler = new FifoScheduler();
            List<TestTrialView> trials = new ArrayList<>();
            for (int round = 0; round < 400; round++) {
                if (random.nextInt(3) == 0) {
                    trials.add(trial("t" + trials.size(), TrialStatus.PENDING, 1 + random.nextInt(3)));
                }
                for (int changes = random.nextInt(4); changes > 0 && !trials.isEmpty(); changes--) {
                    TestTrialView t = trials.get(random.nextInt(trials.size()));
                    t.status(nextStatus(t.status(), random));
                }
                Runner runner = new Runner(trials, random.nextInt(4));
                assertSame(reference(runner), scheduler.chooseTrialToRun(runner), "run " + run + ", round " + round);
            }
        }
    }

    /** A move the runner can make; a failed trial that is retried is PENDING again by the time a scheduler looks. */
    private static TrialStatus nextStatus(TrialStatus status, SplittableRandom random) {
        List<TrialStatus> next = switch (status) {
            case PENDING -> List.of(TrialStatus.RUNNING, TrialStatus.TERMINATED);
            case RUNNING -> List.of(TrialStatus.PAUSED, TrialStatus.TERMINATED, TrialStatus.ERROR, TrialStatus.PENDING);
            case PAUSED -> List.of(TrialStatus.PENDING, TrialStatus.RUNNING, TrialStatus.TERMINATED);
            case TERMINATED, ERROR -> List.of(status);
        };
        return next.get(random.nextInt(next.size()));
    }

    @Test
    void aChoiceReadsOnlyTheWaitingTrialsTheRunnerKeepsApart() {
        TestTrialView big = trial("big", TrialStatus.PENDING, 4);
        TestTrialView fits = trial("fits", TrialStatus.PENDING, 1);
        TestTrialView paused = trial("paused", TrialStatus.PAUSED, 1);
        List<TrialView> everyTrial = new AbstractList<>() {
            @Override
            public TrialView get(int index) {
                throw new AssertionError("FIFO scanned every trial");
            }

            @Override
            public int size() {
                return 10_000;
            }
        };
        assertSame(fits, fifo.chooseTrialToRun(new Runner(everyTrial, 2, Map.of(TrialStatus.PENDING, List.of(big, fits), TrialStatus.PAUSED, List.of(paused)))));
        assertSame(paused, fifo.chooseTrialToRun(new Runner(everyTrial, 2, Map.of(TrialStatus.PENDING, List.of(big), TrialStatus.PAUSED, List.of(paused)))));
    }
}
