package io.jtune.engine.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.api.Mode;
import io.jtune.api.ResourceRequest;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.RunnerView;
import io.jtune.api.spi.TrialScheduler;
import io.jtune.api.spi.TrialView;
import io.jtune.api.trainable.ClassTrainable;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.Tuner;
import io.jtune.engine.runner.guard.ComponentException;
import io.jtune.engine.runner.state.ExperimentState;
import io.jtune.engine.schedule.AsyncHyperBandScheduler;
import io.jtune.engine.schedule.FifoScheduler;
import io.jtune.engine.schedule.MedianStoppingRule;
import io.jtune.engine.schedule.SchedulerObserver;
import io.jtune.engine.stop.Stoppers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
/**
 * Results decided on inline: while the driver waits for events, a result of a trial running on a
 * local thread is handled on that thread (no hand-off), one decision at a time as on the driver;
 * where a decision may wait for a save (a scheduler without buffered-results support), with a
 * result buffer or in deterministic mode, every result goes to the driver's thread.
 */
class InlineDecisionTest {
    private static final ResourceRequest TWO_CPUS = new ResourceRequest(2, 0, 1L << 30, Map.of());

    @TempDir
    Path storage;

    /** Sleeps 2 ms a step (so the driver waits for events meanwhile) and reports its step and the thread it ran on. */
    public static final class SleepingSteps implements ClassTrainable {
        /** The thread each trial's steps ran on, by the trial's x. */
        static final Map<Double, String> STEP_THREADS = new ConcurrentHashMap<>();
        private double x;
        private long step;

        @Override
        public void setup(Config config) {
            x = config.getDouble("x");
        }

        @Override
        public Map<String, ?> step() throws InterruptedException {
            TimeUnit.MILLISECONDS.sleep(2);
            step++;
            STEP_THREADS.put(x, Thread.currentThread().getName());
            return Map.of("score", x * step, "step", step);
        }
    }

    /** Notes the thread each result reached the callbacks on, and how many results reached it at once. */
    private static class ThreadsSeen implements Callback {
        final List<String> resultThreads = Collections.synchronizedList(new ArrayList<>());
        final Map<String, List<Long>> iterations = new ConcurrentHashMap<>();
        private int inside;
        int mostAtOnce;

        @Override
        public void onTrialResult(TrialView trial, Result result) {
            synchronized (this) {
                mostAtOnce = Math.max(mostAtOnce, ++inside);
            }
            resultThreads.add(Thread.currentThread().getName());
            iterations.computeIfAbsent(trial.id(), id -> Collections.synchronizedList(new ArrayList<>())).add(result.trainingIteration());
            synchronized (this) {
                inside--;
            }
        }

        long onTrialThreads() {
            synchronized (resultThreads) {
                return resultThreads.stream().filter(name -> name.startsWith("jtune-trial-worker")).count();
            }
        }
    }

    private Tuner tuner(String name, int trials, int steps, ThreadsSeen seen) {
        return Tuner.of(SleepingSteps.class).name(name).storagePath(storage).space(SearchSpace.builder().uniform("x", 0.1, 1).build())
                .numSamples(trials).stop(Stoppers.maximumIteration(steps)).machineResources(TWO_CPUS).callbacks(seen).progress(false).seed(5).deterministic(false);
    }

    @Test
    void resultsAreDecidedOnTheTrialsOwnThreadWhileTheDriverWaitsOneAtATimeAndInOrder() {
        SleepingSteps.STEP_THREADS.clear();
        ThreadsSeen seen = new ThreadsSeen();
        ResultGrid grid = tuner("inline", 4, 30, seen).fit();

        assertEquals(4, grid.numTerminated());
        assertEquals(120, seen.resultThreads.size(), "every result reached the callbacks once");
        seen.iterations.forEach((trial, iterations) -> {
            for (int i = 0; i < iterations.size(); i++) {
                assertEquals(i + 1L, iterations.get(i), "trial " + trial + "'s results in order: " + iterations);
            }
        });
        assertTrue(seen.onTrialThreads() > 0, "some results were handled on their trial's thread: " + seen.resultThreads);
        assertTrue(SleepingSteps.STEP_THREADS.values().stream().allMatch(name -> name.startsWith("jtune-trial-worker")));
        assertEquals(1, seen.mostAtOnce, "one result at a time reached the callbacks");
        for (int t = 0; t < 4; t++) {
            assertEquals(30, grid.get(t).history().size(), "trial " + t + " logged each of its results once");
        }
    }

    @Test
    void trialsEndedInlineFreeTheirSlotsForTheNextOnes() {
        ThreadsSeen seen = new ThreadsSeen();
        ResultGrid grid = tuner("one-step", 40, 1, seen).fit();

        assertEquals(40, grid.numTerminated(), "every trial ran although the runs ended without an event for the driver");
        assertTrue(seen.onTrialThreads() > 0, "some trials were stopped on their own thread");
    }

    /** Sleeps 2 ms a step, as {@link SleepingSteps}, and has a {@code cleanup()} of its own. */
    public static final class CleaningSteps implements ClassTrainable {
        @Override
        public void setup(Config config) {
        }

        @Override
        public Map<String, ?> step() throws InterruptedException {
            TimeUnit.MILLISECONDS.sleep(2);
            return Map.of("score", 1.0);
        }

        @Override
        public void cleanup() {
        }
    }

    /** Notes the thread each trial started on (the callbacks hear of a start where it happens) and the most trials running at once. */
    private static class StartsSeen implements Callback {
        final Map<String, String> startThreads = new ConcurrentHashMap<>();
        private int running;
        int mostRunning;

        @Override
        public synchronized void onTrialStart(TrialView trial) {
            startThreads.put(trial.id(), Thread.currentThread().getName());
            mostRunning = Math.max(mostRunning, ++running);
        }

        @Override
        public synchronized void onTrialComplete(TrialView trial) {
            running--;
        }

        long onTrialThreads() {
            return startThreads.values().stream().filter(name -> name.startsWith("jtune-trial-worker")).count();
        }
    }

    @Test
    void aTrialEndedInlineStartsTheNextOneOnItsOwnThreadWithinTheSlots() {
        StartsSeen starts = new StartsSeen();
        ResultGrid grid = tuner("inline-starts", 40, 1, new ThreadsSeen()).callbacks(starts).fit();

        assertEquals(40, grid.numTerminated());
        assertEquals(40, starts.startThreads.size());
        assertTrue(starts.onTrialThreads() > 0, "some trials were started on the thread of a trial that ended inline: " + starts.startThreads);
        assertTrue(starts.mostRunning <= 2, "at most the two CPUs' trials ran at once: " + starts.mostRunning);
    }

    @Test
    void whereAnEndedTrialsThreadRunsUserCodeTheDriverStartsEveryTrial() {
        Map<String, Tuner> tuners = Map.of(
                "own cleanup()", Tuner.of(CleaningSteps.class),
                "function", Tuner.of("steps", (config, session) -> {
                    TimeUnit.MILLISECONDS.sleep(2);
                    session.report(Map.of("score", 1.0));
                }));
        String driver = Thread.currentThread().getName();
        tuners.forEach((name, tuner) -> {
            StartsSeen starts = new StartsSeen();
            ResultGrid grid = tuner.name("driver-starts-" + name.replaceAll("\\W", "")).storagePath(storage).space(SearchSpace.builder().uniform("x", 0.1, 1).build())
                    .numSamples(20).stop(Stoppers.maximumIteration(1)).machineResources(TWO_CPUS).callbacks(starts).progress(false).seed(5).deterministic(false).fit();
            assertEquals(20, grid.numTerminated(), name);
            assertTrue(starts.startThreads.values().stream().allMatch(driver::equals), name + ": every trial started on the driver's thread: " + starts.startThreads);
        });
    }

    @Test
    void whereADecisionMayWaitForASaveOrResultsAreBufferedOrOrderedEveryResultGoesToTheDriver() {
        Map<String, UnaryOperator<Tuner>> setups = Map.of(
                "median stopping (pauses)", t -> t.scheduler(MedianStoppingRule.builder().metric("score", Mode.MAX).build()),
                "result buffer", t -> t.resultBuffer(4),
                "deterministic", t -> t.deterministic(true));
        setups.forEach((name, setup) -> {
            ThreadsSeen seen = new ThreadsSeen();
            String driver = Thread.currentThread().getName();
            ResultGrid grid = setup.apply(tuner("driver " + name.replace(' ', '-').replace("(", "").replace(")", ""), 2, 10, seen)).fit();
            assertEquals(2, grid.numTerminated(), name);
            assertEquals(20, seen.resultThreads.size(), name);
            assertTrue(seen.resultThreads.stream().allMatch(driver::equals), name + ": every result on the driver's thread " + driver + ": " + seen.resultThreads);
        });
    }

    @Test
    void aCallbackFailingOnATrialsThreadEndsTheExperimentAsOnTheDriverWithTheStateSaved() {
        AtomicReference<String> failedOn = new AtomicReference<>();
        ThreadsSeen seen = new ThreadsSeen() {
            @Override
            public void onTrialResult(TrialView trial, Result result) {
                super.onTrialResult(trial, result);
                String thread = Thread.currentThread().getName();
                if (thread.startsWith("jtune-trial-worker") && failedOn.compareAndSet(null, thread)) {
                    throw new IllegalStateException("callback broke at " + trial.id() + " iteration " + result.trainingIteration());
                }
            }
        };
        ComponentException error = assertThrows(ComponentException.class, () -> tuner("failing", 2, 50, seen).fit());

        assertNotNull(failedOn.get(), "the callback threw on a trial's thread");
        assertTrue(error.getMessage().contains("callback") && error.getCause() instanceof IllegalStateException
                && error.getCause().getMessage().startsWith("callback broke at"), error.toString());
        assertTrue(Files.exists(storage.resolve("failing").resolve(ExperimentState.FILE)), "the experiment's state was saved");
    }

    /** FIFO, whose buffered-results support it passes on, but it saves the deciding trial: refused, naming the scheduler and what to do. */
    public static final class SavingWhileDeciding implements SchedulerObserver {
        private final FifoScheduler fifo = new FifoScheduler();

        @Override
        public TrialScheduler observed() {
            return fifo;
        }

        @Override
        public Decision onTrialResult(RunnerView runner, TrialView trial, Result result) {
            runner.saveCheckpoint(trial);
            return Decision.CONTINUE;
        }
    }

    @Test
    void aSchedulerSupportingBufferedResultsThatSavesWhileDecidingIsRefusedNamingIt() {
        ComponentException error = assertThrows(ComponentException.class,
                () -> tuner("saving", 1, 5, new ThreadsSeen()).scheduler(new SavingWhileDeciding()).fit());
        String message = error.getCause().getMessage();
        assertTrue(message.contains(SavingWhileDeciding.class.getName()) && message.contains("supportsBufferedResults()")
                && message.contains("Return false from supportsBufferedResults()"), message);
    }

    @Test
    void ashaDecidesInlineAndEveryTrialEndsAtAGradeOrItsLimit() {
        ThreadsSeen seen = new ThreadsSeen();
        ResultGrid grid = tuner("asha", 8, 27, seen).scheduler(AsyncHyperBandScheduler.builder().metric("score", Mode.MAX)
                .maxT(27).gracePeriod(1).reductionFactor(3).build()).fit();

        assertEquals(8, grid.numTerminated());
        assertTrue(seen.onTrialThreads() > 0, "some results were handled on their trial's thread");
        long results = 0;
        for (int t = 0; t < 8; t++) {
            assertEquals(TrialStatus.TERMINATED, grid.get(t).status());
            List<Result> history = grid.get(t).history();
            long last = history.get(history.size() - 1).trainingIteration();
            assertTrue(List.of(1L, 3L, 9L, 27L).contains(last), "trial " + t + " ended at a rung or at max_t: " + last);
            assertTrue(history.get(history.size() - 1).done());
            results += history.size();
        }
        assertEquals(results, seen.resultThreads.size(), "the callbacks saw each logged result once");
    }
}
