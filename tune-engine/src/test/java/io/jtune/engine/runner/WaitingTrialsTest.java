package io.jtune.engine.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.ResourceRequest;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.spi.RunnerView;
import io.jtune.api.spi.TrialScheduler;
import io.jtune.api.spi.TrialView;
import io.jtune.api.trainable.TrialContext;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.Tuner;
import io.jtune.engine.schedule.FifoScheduler;
import io.jtune.engine.stop.Stoppers;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runner keeps the PENDING and PAUSED trials apart ({@link RunnerView#waitingTrials}) through
 * every move a trial makes (start, pause, unpause, failure and retry, stop), and they are always
 * what a scan of every trial would find, in add order.
 */
class WaitingTrialsTest {
    @TempDir
    Path storage;

    /** FIFO's choice; pauses each trial once at iteration 2 and checks the waiting trials at every call. */
    private static final class CheckingScheduler implements TrialScheduler {
        private final FifoScheduler fifo = new FifoScheduler();
        private final Set<String> pausedOnce = new HashSet<>();
        int checks;
        int pausedSeen;

        private void check(RunnerView runner) {
            for (TrialStatus status : List.of(TrialStatus.PENDING, TrialStatus.PAUSED)) {
                List<TrialView> scanned = new ArrayList<>();
                for (TrialView t : runner.trials()) {
                    if (t.status() == status) {
                        scanned.add(t);
                    }
                }
                assertEquals(scanned, new ArrayList<>(runner.waitingTrials(status)), status + " trials");
                if (status == TrialStatus.PAUSED) {
                    pausedSeen += scanned.size();
                }
            }
            checks++;
        }

        @Override
        public void onTrialAdd(RunnerView runner, TrialView trial) {
            check(runner);
        }

        @Override
        public Decision onTrialResult(RunnerView runner, TrialView trial, Result result) {
            check(runner);
            return result.trainingIteration() == 2 && pausedOnce.add(trial.id()) ? Decision.PAUSE : Decision.CONTINUE;
        }

        @Override
        public void onTrialComplete(RunnerView runner, TrialView trial, Result result) {
            check(runner);
        }

        @Override
        public void onTrialError(RunnerView runner, TrialView trial) {
            check(runner);
        }

        @Override
        public void onTrialRemove(RunnerView runner, TrialView trial) {
            check(runner);
        }

        @Override
        public TrialView chooseTrialToRun(RunnerView runner) {
            check(runner);
            return fifo.chooseTrialToRun(runner);
        }
    }

    @Test
    void theWaitingTrialsAreWhatAScanFindsThroughPausesFailuresAndRetries() {
        CheckingScheduler scheduler = new CheckingScheduler();
        Set<String> failedOnce = Collections.synchronizedSet(new HashSet<>());
        ResultGrid grid = Tuner.of("flaky", (config, session) -> {
            for (int i = 1; i <= 4; i++) {
                if (i == 3 && failedOnce.add(TrialContext.current().trialId())) {
                    throw new IllegalStateException("fails once at iteration 3");
                }
                session.report(Map.of("score", (double) i));
            }
        }).name("waiting").storagePath(storage).numSamples(12).scheduler(scheduler).maxFailures(1)
                .machineResources(new ResourceRequest(3, 0, 1L << 30, Map.of())).stop(Stoppers.maximumIteration(4))
                .progress(false).outputFiles(false).seed(4).fit();

        assertEquals(12, grid.numTerminated());
        assertTrue(scheduler.pausedSeen > 0, "trials were seen PAUSED");
        assertTrue(scheduler.checks > 50, scheduler.checks + " checks");
    }

    @Test
    void onlyPendingAndPausedTrialsAreKeptApart() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new WaitingTrials().in(TrialStatus.RUNNING));
        assertTrue(e.getMessage().contains("RUNNING"), e.getMessage());
    }
}
