package io.jtune.engine.runner;

import static io.jtune.engine.testing.Runs.quiet;
import static io.jtune.engine.testing.Runs.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.api.Mode;
import io.jtune.api.ResourceRequest;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.TuneException;
import io.jtune.api.spi.Stopper;
import io.jtune.api.spi.TrialScheduler.Decision;
import io.jtune.api.trainable.ClassTrainable;
import io.jtune.engine.Tuner;
import io.jtune.engine.runner.guard.ComponentException;
import io.jtune.engine.runner.history.ColumnarHistory;
import io.jtune.engine.testing.CountingTrainable;
import io.jtune.engine.testing.FirstComeScheduler;
import io.jtune.engine.testing.ListSearcher;
import io.jtune.engine.testing.RecordingCallback;
import io.jtune.engine.testing.Runs;
import io.jtune.engine.testing.StopAt;
import io.jtune.engine.trial.Trial;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
// a hang (a lost event) fails the class instead of blocking the build; no test asserts a duration
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class TrialRunnerTest {
    @TempDir
    Path storage;

    @BeforeEach
    void resetCounters() {
        CountingTrainable.resetCounters();
    }

    @Test
    void everyTrialRunsToItsStopRuleWithAutoFieldsAndCallbacksInOrder() {
        ListSearcher searcher = ListSearcher.of(5, "x");
        FirstComeScheduler scheduler = new FirstComeScheduler();
        RecordingCallback callback = new RecordingCallback();
        List<Trial> trials = run(Runs.counting(storage, searcher, scheduler).stop(StopAt.iteration(3)).callbacks(callback));

        assertEquals(5, trials.size());
        for (Trial t : trials) {
            assertEquals(TrialStatus.TERMINATED, t.status());
            assertTrue(t.id().matches("[0-9a-f]{5}_0000" + t.index()), t.id());
            assertEquals("CountingTrainable_" + t.id() + "_" + t.index() + "_x=" + t.index(), t.name());
            assertEquals(storage.toAbsolutePath().resolve("exp").resolve(t.name()), t.localDir());
            assertEquals(List.of(1L, 2L, 3L), t.history().stream().map(Result::trainingIteration).toList());
            Result last = t.lastResult();
            assertEquals(3.0 * t.index(), last.getDouble("value"), "value grows by x a step");
            assertTrue(last.done());
            assertFalse(t.history().get(1).done());
            assertEquals(t.id(), last.trialId());
            assertEquals(t.experimentTag(), last.get(Result.EXPERIMENT_TAG));
            assertSame(t.config(), last.get(Result.CONFIG));
            assertEquals(3L, last.get(Result.ITERATIONS_SINCE_RESTORE));
            assertEquals(ProcessHandle.current().pid(), last.get(Result.PID));
            assertTrue(last.get(Result.DATE).toString().matches("\\d{4}-\\d\\d-\\d\\d_\\d\\d-\\d\\d-\\d\\d"));
            assertTrue(last.has(Result.HOSTNAME) && last.has(Result.NODE_IP) && last.has(Result.TIMESTAMP));
            double sum = t.history().stream().mapToDouble(r -> r.getDouble(Result.TIME_THIS_ITER_S)).sum();
            assertEquals(sum, last.timeTotalS(), 1e-12, "time_total_s adds up the iterations");
            assertEquals(last.timeTotalS(), last.getDouble(Result.TIME_SINCE_RESTORE), 1e-12);
            assertEquals(List.of("add " + t.id() + " PENDING", "start " + t.id() + " NO-DIR", "result " + t.id() + " 1", "result " + t.id() + " 2", "result " + t.id() + " 3", "complete " + t.id()),
                    callback.events.stream().filter(e -> e.contains(" " + t.id())).toList());
            assertEquals(2, searcher.results.get(t.id()).size(), "the searcher hears of every result but the stopping one, as in Ray Tune");
            assertEquals(Boolean.FALSE, searcher.completedWithError.get(t.id()));
            assertTrue(scheduler.calls.contains("complete " + t.id()));
        }
        assertEquals("end 5", callback.events.get(callback.events.size() - 1));
        assertEquals("exp", callback.info.name());
        assertEquals(1L, callback.info.seed());
    }

    @Test
    void aSchedulerStopRemovesTheTrialAndMarksItsLastResultDone() {
        FirstComeScheduler scheduler = new FirstComeScheduler((runner, trial, result) -> result.trainingIteration() < 2 ? Decision.CONTINUE : Decision.STOP);
        List<Trial> trials = run(Runs.counting(storage, ListSearcher.of(2, "x"), scheduler).stop(StopAt.iteration(10)));
        for (Trial t : trials) {
            assertEquals(TrialStatus.TERMINATED, t.status());
            assertEquals(2, t.history().size());
            assertTrue(t.lastResult().done());
            assertTrue(scheduler.calls.contains("remove " + t.id()));
            assertFalse(scheduler.calls.contains("complete " + t.id()));
        }
    }

    @Test
    void aResultWithDoneEndsTheTrialAndAFunctionsReportThenThrows() {
        List<Throwable> signals = new java.util.concurrent.CopyOnWriteArrayList<>();
        FirstComeScheduler scheduler = new FirstComeScheduler();
        List<Trial> trials = run(quiet(Tuner.of("fn", (config, session) -> {
            try {
                for (int i = 1; i <= 10; i++) {
                    session.report(Map.of("i", i, Result.DONE, i == 2));
                }
            } catch (io.jtune.api.trainable.TrialStoppedSignal s) {
                signals.add(s);
                throw s;
            }
        }), storage).searcher(ListSearcher.of(1, "x")).numSamples(-1).scheduler(scheduler));
        Trial t = trials.get(0);
        assertEquals(TrialStatus.TERMINATED, t.status());
        assertEquals(2, t.history().size());
        assertTrue(t.lastResult().done());
        assertEquals(1, signals.size(), "report threw TrialStoppedSignal once the driver stopped the trial");
        assertTrue(scheduler.calls.contains("complete " + t.id()));
    }

    /** Records how many trials step at once. */
    public static final class Concurrency implements ClassTrainable {
        static final AtomicInteger NOW = new AtomicInteger();
        static final AtomicInteger MAX = new AtomicInteger();

        @Override
        public void setup(Config config) {
        }

        @Override
        public Map<String, ?> step() {
            MAX.accumulateAndGet(NOW.incrementAndGet(), Math::max);
            Thread.onSpinWait();
            NOW.decrementAndGet();
            return Map.of("loss", 1.0);
        }
    }

    @Test
    void trialsWaitForResourcesAndTheConcurrencyCap() {
        Concurrency.MAX.set(0);
        List<Trial> trials = run(quiet(Tuner.of(Concurrency.class), storage).searcher(ListSearcher.of(12, "x")).numSamples(-1)
                .scheduler(new FirstComeScheduler()).stop(StopAt.iteration(3)).resources(ResourceRequest.cpus(0.5)));
        assertTrue(trials.stream().allMatch(t -> t.status() == TrialStatus.TERMINATED));
        assertTrue(Concurrency.MAX.get() <= 4, "2 CPUs hold 4 half-CPU trials, saw " + Concurrency.MAX.get());

        Concurrency.MAX.set(0);
        run(quiet(Tuner.of(Concurrency.class), storage).name("capped").searcher(ListSearcher.of(6, "x")).numSamples(-1)
                .scheduler(new FirstComeScheduler()).stop(StopAt.iteration(2)).resources(ResourceRequest.cpus(0.1)).maxConcurrentTrials(1));
        assertEquals(1, Concurrency.MAX.get());
    }

    @Test
    void aTrialAskingMoreThanTheMachineHasFailsAtOnce() {
        RecordingCallback callback = new RecordingCallback();
        TuneException e = assertThrows(TuneException.class, () -> run(Runs.counting(storage, ListSearcher.of(1, "x"), new FirstComeScheduler())
                .resources(ResourceRequest.cpus(1).withCustom("tpu", 1)).callbacks(callback)));
        assertTrue(e.getMessage().startsWith("Insufficient cluster resources"), e.getMessage());
        assertTrue(e.getMessage().contains("1.0 CPU, 1.0 tpu"), e.getMessage());
        assertTrue(e.getMessage().contains("the machine has only 2.0 CPU"), e.getMessage());
        assertTrue(callback.events.isEmpty(), "no trial started");
    }

    @Test
    void aMetricNobodyReportsIsAnErrorNamingItAndWhatIsReported() {
        TuneException e = assertThrows(TuneException.class, () -> run(Runs.counting(storage, ListSearcher.of(2, "x"), new FirstComeScheduler())
                .metric("accuracy", Mode.MAX).stop(StopAt.iteration(3))));
        assertTrue(e.getMessage().contains("'accuracy'") && e.getMessage().contains("experiment's metric"), e.getMessage());
        assertTrue(e.getMessage().contains("[value, steps]") || e.getMessage().contains("[steps, value]"), e.getMessage());

        e = assertThrows(TuneException.class, () -> run(Runs.counting(storage, ListSearcher.of(1, "x"), new FirstComeScheduler()).name("b")
                .stop(new StopAt("val_loss", 0.1))));
        assertTrue(e.getMessage().contains("'val_loss'") && e.getMessage().contains("stopper io.jtune.engine.testing.StopAt"), e.getMessage());
    }

    /** Reports NaN and infinity. */
    public static final class NotANumber implements ClassTrainable {
        @Override
        public void setup(Config config) {
        }

        @Override
        public Map<String, ?> step() {
            return Map.of("loss", Double.NaN, "gain", Double.POSITIVE_INFINITY);
        }
    }

    @Test
    void nanAndInfiniteValuesAreLoggedAsTheyAre() {
        List<Trial> trials = run(quiet(Tuner.of(NotANumber.class), storage).searcher(ListSearcher.of(1, "x")).numSamples(-1)
                .scheduler(new FirstComeScheduler()).metric("loss", Mode.MIN).stop(StopAt.iteration(2)));
        Result last = trials.get(0).lastResult();
        assertTrue(Double.isNaN(last.getDouble("loss")));
        assertEquals(Double.POSITIVE_INFINITY, last.getDouble("gain"));
        assertEquals(TrialStatus.TERMINATED, trials.get(0).status());
    }

    @Test
    void aFailedTrialIsRetriedFromItsLatestCheckpointWhileOthersGoOn() {
        ListSearcher searcher = new ListSearcher(List.of(Config.of(Map.of("x", 1.0, "failAtStep", 3)), Config.of(Map.of("x", 2.0))));
        FirstComeScheduler scheduler = new FirstComeScheduler();
        RecordingCallback callback = new RecordingCallback();
        List<Trial> trials = run(Runs.counting(storage, searcher, scheduler).stop(StopAt.iteration(5)).maxFailures(1)
                .checkpoint(io.jtune.engine.spec.CheckpointPolicy.every(1)).callbacks(callback));
        Trial flaky = trials.get(0);
        assertEquals(TrialStatus.TERMINATED, flaky.status());
        assertEquals(1, flaky.numFailures());
        assertTrue(flaky.errorTrace().contains("planned failure at step 3"));
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L), flaky.history().stream().map(Result::trainingIteration).toList(), "no iteration lost or repeated");
        assertEquals(5.0, flaky.lastResult().getDouble("value"), "the state came back from checkpoint_000002");
        assertEquals(3L, flaky.lastResult().get(Result.ITERATIONS_SINCE_RESTORE), "iterations 3 to 5 ran since the restore");
        assertTrue(callback.events.contains("restore " + flaky.id() + " checkpoint_000002"));
        assertEquals(1, callback.of("error").size());
        assertEquals(TrialStatus.TERMINATED, trials.get(1).status());
        assertFalse(scheduler.calls.contains("error " + flaky.id()), "a retried failure is not the scheduler's business");
    }

    @Test
    void aTrialThatKeepsFailingEndsInErrorAndIsReported() {
        ListSearcher searcher = new ListSearcher(List.of(Config.of(Map.of("failAtStep", 2, "failAlways", true)), Config.of(Map.of("x", 2.0))));
        FirstComeScheduler scheduler = new FirstComeScheduler();
        RecordingCallback callback = new RecordingCallback();
        List<Trial> trials = run(Runs.counting(storage, searcher, scheduler).stop(StopAt.iteration(3)).maxFailures(2).callbacks(callback));
        Trial bad = trials.get(0);
        assertEquals(TrialStatus.ERROR, bad.status());
        assertEquals(3, bad.numFailures(), "the first try and two retries");
        assertEquals(3, callback.of("error").size());
        assertTrue(callback.errors.stream().allMatch(e -> e.getMessage().equals("planned failure at step 2")));
        assertTrue(scheduler.calls.contains("error " + bad.id()));
        assertEquals(Boolean.TRUE, searcher.completedWithError.get(bad.id()));
        assertEquals(TrialStatus.TERMINATED, trials.get(1).status());
    }

    @Test
    void failFastRaiseRethrowsTheTrainablesException() {
        ListSearcher searcher = new ListSearcher(List.of(Config.of(Map.of("failAtStep", 1, "failAlways", true)), Config.of(Map.of("x", 2.0))));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> run(Runs.counting(storage, searcher, new FirstComeScheduler())
                .stop(StopAt.iteration(3)).failFast(io.jtune.engine.spec.FailFast.RAISE)));
        assertEquals("planned failure at step 1", e.getMessage());
    }

    @Test
    void aStopperEndingTheExperimentStopsRunningTrialsAndLeavesTheRest() {
        Stopper afterFour = new Stopper() {
            int results;

            @Override
            public boolean shouldStop(String trialId, Result result) {
                results++;
                return false;
            }

            @Override
            public boolean stopAll() {
                return results >= 4;
            }
        };
        ListSearcher searcher = ListSearcher.of(10, "x");
        List<Trial> trials = run(Runs.counting(storage, searcher, new FirstComeScheduler()).stop(afterFour)
                .machineResources(new ResourceRequest(1, 0, 1L << 30, Map.of())));
        assertEquals(2, trials.size(), "the first trial and one waiting behind it for a CPU (one pending trial for a searcher of its own)");
        assertEquals(TrialStatus.TERMINATED, trials.get(0).status());
        assertEquals(4, trials.get(0).history().size());
        assertEquals(TrialStatus.PENDING, trials.get(1).status(), "the pending trial is left as it is");
        assertFalse(searcher.isFinished());
    }

    @Test
    void theSchedulerMayNotStopOrPauseTheTrialItIsDeciding() {
        FirstComeScheduler scheduler = new FirstComeScheduler((runner, trial, result) -> {
            runner.stopTrial(trial);
            return Decision.CONTINUE;
        });
        ComponentException e = assertThrows(ComponentException.class, () -> run(Runs.counting(storage, ListSearcher.of(1, "x"), scheduler)));
        assertInstanceOf(IllegalArgumentException.class, e.getCause());
        assertTrue(e.getMessage().contains("the scheduler " + scheduler.getClass().getName() + " failed in onTrialResult"), e.getMessage());
        assertTrue(e.getMessage().contains("return STOP from onTrialResult"), e.getMessage());
    }

    @Test
    void unknownTrialViewsAreRefused() {
        FirstComeScheduler scheduler = new FirstComeScheduler((runner, trial, result) -> {
            runner.unpauseTrial(new Trial("zzzzz_00000", 0, "T_", "n", "0", Config.empty(), ResourceRequest.DEFAULT, Path.of("n"),
                    io.jtune.engine.spec.CheckpointPolicy.NONE, t -> new ColumnarHistory(new ColumnarHistory.KeyLists())));
            return Decision.CONTINUE;
        });
        ComponentException e = assertThrows(ComponentException.class, () -> run(Runs.counting(storage, ListSearcher.of(1, "x"), scheduler)));
        assertInstanceOf(IllegalArgumentException.class, e.getCause());
        assertTrue(e.getMessage().contains("zzzzz_00000 is not a trial of the experiment exp"), e.getMessage());
    }
}
