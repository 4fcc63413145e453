package io.jtune.engine.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.api.ResourceRequest;
import io.jtune.api.trainable.CheckpointDir;
import io.jtune.api.trainable.TrainFunction;
import io.jtune.api.trainable.TrialContext;
import io.jtune.api.trainable.TrialStoppedSignal;
import io.jtune.engine.spec.TrainableSpec;
import io.jtune.engine.testing.CapturedLog;
import io.jtune.engine.testing.CountingTrainable;
import io.jtune.engine.testing.HangingTrainable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
// a hang (a lost event) fails the class instead of blocking the build; no test asserts a duration
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class LocalTrialExecutorTest {
    private static final ResourceRequest TWO_CPUS = new ResourceRequest(2, 0, 1 << 30, Map.of());

    @TempDir
    Path dir;

    @BeforeEach
    void resetCounters() {
        CountingTrainable.resetCounters();
    }

    private TrialLaunch launch(String id, long runId, Config config, CheckpointDir restore, long startIteration) throws Exception {
        Path trialDir = Files.createDirectories(dir.resolve(id));
        return new TrialLaunch(id, runId, config, trialDir, ResourceRequest.cpus(1), restore, startIteration);
    }

    private static TrainableSpec counting() {
        return new TrainableSpec.ClassApi("Counting", CountingTrainable::new);
    }

    @Test
    void classApiStepsOnlyWhenAskedAndOffTheDriverThread() throws Exception {
        List<String> threads = new CopyOnWriteArrayList<>();
        TrainableSpec spec = new TrainableSpec.ClassApi("T", () -> new CountingTrainable() {
            @Override
            public Map<String, ?> step() {
                threads.add(Thread.currentThread().getName());
                return super.step();
            }
        });
        try (LocalTrialExecutor executor = new LocalTrialExecutor(spec, TWO_CPUS, false)) {
            executor.start(launch("a", 1, Config.of(Map.of("x", 2.0)), null, 0));
            for (int i = 1; i <= 3; i++) {
                TrialEvent.Reported r = assertInstanceOf(TrialEvent.Reported.class, executor.nextEvent());
                assertEquals(2.0 * i, r.metrics().get("value"));
                assertEquals(1, r.runId());
                assertTrue(r.stepNanos() >= 0);
                assertEquals(i, threads.size(), "exactly one step per request");
                if (i < 3) {
                    executor.continueTraining("a");
                }
            }
            executor.stop("a", false);
        }
        assertTrue(threads.stream().noneMatch(t -> t.equals(Thread.currentThread().getName())));
        assertEquals(1, CountingTrainable.CLEANUPS.get());
    }

    @Test
    void saveWritesACheckpointFolderNamedByIterationAndRestoreContinues() throws Exception {
        CheckpointDir saved;
        try (LocalTrialExecutor executor = new LocalTrialExecutor(counting(), TWO_CPUS, false)) {
            executor.start(launch("a", 1, Config.of(Map.of("x", 1.0)), null, 0));
            executor.nextEvent();
            executor.continueTraining("a");
            executor.nextEvent();
            executor.save("a", true);
            TrialEvent.Saved s = assertInstanceOf(TrialEvent.Saved.class, executor.nextEvent());
            assertEquals(2, s.iteration());
            saved = s.checkpoint();
            assertEquals(dir.resolve("a").resolve("checkpoint_000002"), saved.path());
            assertEquals("2.0 2", Files.readString(saved.path().resolve("state.txt")));
            executor.stop("a", false);

            executor.start(launch("a", 2, Config.of(Map.of("x", 1.0)), saved, 2));
            TrialEvent.Reported r = assertInstanceOf(TrialEvent.Reported.class, executor.nextEvent());
            assertEquals(3.0, r.metrics().get("value"), "the restored state continues");
            assertEquals(3, r.metrics().get("steps"));
            executor.save("a", true);
            assertEquals(dir.resolve("a").resolve("checkpoint_000003"), ((TrialEvent.Saved) executor.nextEvent()).checkpoint().path());
            executor.stop("a", false);
        }
        assertEquals(1, CountingTrainable.RESTORES.get());
    }

    @Test
    void aThrowingStepBecomesAFailedEventCarryingTheException() throws Exception {
        try (LocalTrialExecutor executor = new LocalTrialExecutor(counting(), TWO_CPUS, false)) {
            executor.start(launch("a", 7, Config.of(Map.of("failAtStep", 1, "failAlways", true)), null, 0));
            TrialEvent.Failed f = assertInstanceOf(TrialEvent.Failed.class, executor.nextEvent());
            assertEquals(7, f.runId());
            assertEquals("planned failure at step 1", f.error().getMessage());
            executor.stop("a", false);
        }
        assertEquals(1, CountingTrainable.CLEANUPS.get());
    }

    @Test
    void resourcesAreCommittedAtStartAndReleasedAtStop() throws Exception {
        try (LocalTrialExecutor executor = new LocalTrialExecutor(counting(), TWO_CPUS, false)) {
            executor.start(launch("a", 1, Config.empty(), null, 0));
            executor.start(launch("b", 2, Config.empty(), null, 0));
            assertFalse(executor.hasResources(ResourceRequest.cpus(1)));
            assertThrows(IllegalStateException.class, () -> executor.start(launch("c", 3, Config.empty(), null, 0)));
            executor.stop("a", false);
            assertTrue(executor.hasResources(ResourceRequest.cpus(1)));
            assertThrows(IllegalStateException.class, () -> executor.continueTraining("a"), "a stopped trial takes no commands");
        }
    }

    @Test
    void aTimedWaitReturnsNothingWhileTheStepIsBusyAndTheEventOnceItCame() throws Exception {
        HangingTrainable.reset();
        try (LocalTrialExecutor executor = new LocalTrialExecutor(new TrainableSpec.ClassApi("H", HangingTrainable::new), TWO_CPUS, false)) {
            executor.start(launch("a", 1, Config.empty(), null, 0));
            assertNull(executor.nextEvent(50, TimeUnit.MILLISECONDS));
            assertTrue(executor.hasPendingEvents(), "the run is still going");
            HangingTrainable.releaseAll();
            assertInstanceOf(TrialEvent.Reported.class, executor.nextEvent(1, TimeUnit.MINUTES));
            executor.stop("a", false);
        }
    }

    @Test
    void anAbandonedRunFreesItsResourcesAtOnceAndItsStuckThreadIsNamedAtClose() throws Exception {
        HangingTrainable.reset();
        try (CapturedLog log = new CapturedLog(LocalTrialExecutor.class)) {
            LocalTrialExecutor executor = new LocalTrialExecutor(new TrainableSpec.ClassApi("H", HangingTrainable::new), TWO_CPUS, false, Duration.ofMillis(100));
            executor.start(launch("a", 1, Config.empty(), null, 0));
            executor.start(launch("b", 2, Config.empty(), null, 0));
            assertFalse(executor.hasResources(ResourceRequest.cpus(1)));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (HangingTrainable.STUCK.get() < 2 && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertEquals(2, HangingTrainable.STUCK.get(), "both threads are in their steps (under load they may start late)");
            executor.abandon("a", "it stalled");
            assertTrue(executor.hasResources(ResourceRequest.cpus(1)), "the abandoned run's CPU is free although its thread is stuck");
            assertTrue(log.messages().stream().anyMatch(m -> m.contains("trial a abandoned (it stalled)")), () -> log.messages().toString());
            executor.stop("b", false);
            executor.close();
            List<String> named = log.messages().stream().filter(m -> m.contains("does not stop")).toList();
            assertEquals(2, named.size(), () -> log.messages().toString());
            assertTrue(named.get(0).contains("trial a") || named.get(1).contains("trial a"));
            assertTrue(named.get(0).contains("trial b") || named.get(1).contains("trial b"));
        } finally {
            HangingTrainable.releaseAll();
        }
    }

    @Test
    void anAbandonedRunPostsNothingMoreAndNoLongerCountsAsPending() throws Exception {
        try (LocalTrialExecutor executor = new LocalTrialExecutor(counting(), TWO_CPUS, false)) {
            executor.start(launch("a", 1, Config.empty(), null, 0));
            assertInstanceOf(TrialEvent.Reported.class, executor.nextEvent());
            executor.continueTraining("a");
            executor.abandon("a", "test");
            assertFalse(executor.hasPendingEvents());
            assertNull(executor.nextEvent(50, TimeUnit.MILLISECONDS));
            executor.abandon("a", "twice");
        }
    }

    @Test
    void onceEveryRunHasEndedWaitingForAnEventReturnsNothing() throws Exception {
        try (LocalTrialExecutor executor = new LocalTrialExecutor(counting(), TWO_CPUS, false)) {
            executor.start(launch("a", 1, Config.empty(), null, 0));
            assertInstanceOf(TrialEvent.Reported.class, executor.nextEvent());
            executor.stop("a", false);
            assertNull(executor.nextEvent(), "the stopped worker exits without an event, and the driver is not left waiting");
            assertFalse(executor.hasPendingEvents());
        }
    }

    @Test
    void aFunctionPausedBetweenReportsStillAnswersTheSave() throws Exception {
        TrainFunction fn = (config, session) -> {
            for (int i = 1; ; i++) {
                session.report(Map.of("i", i));
            }
        };
        List<TrialEvent> after = new java.util.ArrayList<>();
        try (LocalTrialExecutor executor = new LocalTrialExecutor(new TrainableSpec.FunctionApi("f", fn), TWO_CPUS, false)) {
            executor.start(launch("f", 1, Config.empty(), null, 0));
            assertInstanceOf(TrialEvent.Reported.class, executor.nextEvent());
            executor.continueTraining("f");
            executor.pause("f");
            for (TrialEvent e = executor.nextEvent(); e != null; e = executor.nextEvent()) {
                after.add(e);
            }
        }
        assertEquals(1, after.stream().filter(e -> e instanceof TrialEvent.Saved).count(), after.toString());
        assertTrue(after.stream().allMatch(e -> e instanceof TrialEvent.Saved || e instanceof TrialEvent.Reported), after.toString());
    }

    @Test
    void reusedTrainablesAreResetInsteadOfCreated() throws Exception {
        try (LocalTrialExecutor executor = new LocalTrialExecutor(counting(), TWO_CPUS, true)) {
            for (int i = 0; i < 4; i++) {
                String id = "t" + i;
                executor.start(launch(id, i + 1, Config.of(Map.of("x", (double) i)), null, 0));
                TrialEvent.Reported r = assertInstanceOf(TrialEvent.Reported.class, executor.nextEvent());
                assertEquals((double) i, r.metrics().get("value"), "reset applies the new config and clears the state");
                executor.stop(id, true);
            }
        }
        assertEquals(1, CountingTrainable.CREATED.get());
        assertEquals(1, CountingTrainable.SETUPS.get());
        assertEquals(3, CountingTrainable.RESETS.get());
        assertEquals(1, CountingTrainable.CLEANUPS.get(), "the kept trainable is cleaned up when the executor closes");
    }

    @Test
    void functionReportBlocksUntilTheDriverDecides() throws Exception {
        AtomicLong clock = new AtomicLong();
        List<long[]> returned = new CopyOnWriteArrayList<>();
        TrainFunction fn = (config, session) -> {
            for (int i = 1; i <= 3; i++) {
                session.report(Map.of("i", i));
                returned.add(new long[] {i, clock.incrementAndGet()});
            }
        };
        long[] continuedAt = new long[4];
        try (LocalTrialExecutor executor = new LocalTrialExecutor(new TrainableSpec.FunctionApi("f", fn), TWO_CPUS, false)) {
            executor.start(launch("f", 1, Config.empty(), null, 0));
            for (int i = 1; i <= 3; i++) {
                TrialEvent.Reported r = assertInstanceOf(TrialEvent.Reported.class, executor.nextEvent());
                assertEquals(i, r.metrics().get("i"));
                continuedAt[i] = clock.incrementAndGet();
                executor.continueTraining("f");
            }
            assertInstanceOf(TrialEvent.Finished.class, executor.nextEvent());
            executor.stop("f", false);
        }
        assertEquals(3, returned.size());
        for (long[] r : returned) {
            assertTrue(r[1] > continuedAt[(int) r[0]], "report " + r[0] + " returned only after the driver continued");
        }
    }

    @Test
    void stoppingAFunctionMakesReportThrowAndPostsNoFinish() throws Exception {
        List<Throwable> seen = new CopyOnWriteArrayList<>();
        TrainFunction fn = (config, session) -> {
            try {
                while (true) {
                    session.report(Map.of("loss", 1.0));
                }
            } catch (TrialStoppedSignal s) {
                seen.add(s);
                throw s;
            }
        };
        try (LocalTrialExecutor executor = new LocalTrialExecutor(new TrainableSpec.FunctionApi("f", fn), TWO_CPUS, false)) {
            executor.start(launch("f", 1, Config.empty(), null, 0));
            assertInstanceOf(TrialEvent.Reported.class, executor.nextEvent());
            executor.stop("f", false);
        }
        assertEquals(1, seen.size());
        assertInstanceOf(TrialStoppedSignal.class, seen.get(0));
    }

    @Test
    void aReportedCheckpointMovesIntoTheTrialFolderAndComesBackOnRestart() throws Exception {
        Path scratch = Files.createDirectories(dir.resolve("scratch"));
        List<Object> restoredFrom = new CopyOnWriteArrayList<>();
        TrainFunction fn = (config, session) -> {
            restoredFrom.add(session.checkpoint().map(c -> (Object) c.path()).orElse("none"));
            Path mine = Files.createDirectories(scratch.resolve("c" + System.nanoTime()));
            Files.writeString(mine.resolve("w.txt"), "weights");
            session.report(Map.of("loss", 0.5), CheckpointDir.fromDirectory(mine));
        };
        TrialEvent.Reported r;
        try (LocalTrialExecutor executor = new LocalTrialExecutor(new TrainableSpec.FunctionApi("f", fn), TWO_CPUS, false)) {
            executor.start(launch("f", 1, Config.empty(), null, 4));
            r = assertInstanceOf(TrialEvent.Reported.class, executor.nextEvent());
            executor.save("f", false);
            TrialEvent.Saved saved = assertInstanceOf(TrialEvent.Saved.class, executor.nextEvent());
            assertEquals(r.checkpoint(), saved.checkpoint(), "a function's save is its latest reported checkpoint");
            assertEquals(5, saved.iteration());
            executor.continueTraining("f");
            assertInstanceOf(TrialEvent.Finished.class, executor.nextEvent());
            executor.stop("f", false);

            executor.start(launch("f", 2, Config.empty(), r.checkpoint(), 5));
            assertInstanceOf(TrialEvent.Reported.class, executor.nextEvent());
            executor.stop("f", false);
        }
        Path moved = dir.resolve("f").resolve("checkpoint_000005");
        assertEquals(moved, r.checkpoint().path());
        assertEquals("weights", Files.readString(moved.resolve("w.txt")));
        try (var left = Files.list(scratch)) {
            assertEquals(0, left.count(), "every reported folder was moved away");
        }
        assertTrue(Files.isRegularFile(dir.resolve("f").resolve("checkpoint_000006").resolve("w.txt")), "the restarted run counts on from iteration 5");
        assertEquals(List.of("none", moved), restoredFrom);
    }

    @Test
    void aTrainableWithoutCheckpointsAnswersAnOptionalSaveWithNothingAndFailsARequiredOne() throws Exception {
        TrainableSpec plain = new TrainableSpec.ClassApi("Plain", () -> new io.jtune.api.trainable.ClassTrainable() {
            @Override
            public void setup(Config config) {
            }

            @Override
            public Map<String, ?> step() {
                return Map.of();
            }
        });
        try (LocalTrialExecutor executor = new LocalTrialExecutor(plain, TWO_CPUS, false)) {
            executor.start(launch("p", 1, Config.empty(), null, 0));
            executor.nextEvent();
            executor.save("p", false);
            TrialEvent.Saved saved = assertInstanceOf(TrialEvent.Saved.class, executor.nextEvent());
            assertNull(saved.checkpoint());
            assertFalse(Files.exists(dir.resolve("p").resolve("checkpoint_000001")));
            executor.save("p", true);
            TrialEvent.Failed failed = assertInstanceOf(TrialEvent.Failed.class, executor.nextEvent());
            assertInstanceOf(UnsupportedOperationException.class, failed.error());
            assertTrue(failed.error().getMessage().contains("does not implement save"));
            executor.stop("p", false);
        }
    }

    /** A trainable recording the thread of each trial's steps, whose cleanup in trial "a" waits for {@code cleanupMayEnd}. */
    private static TrainableSpec recordingThreads(Map<String, String> threadOfTrial, CountDownLatch cleanupMayEnd,
                                                  CountDownLatch started) {
        return new TrainableSpec.ClassApi("T", () -> new CountingTrainable() {
            private String trial;

            @Override
            public Map<String, ?> step() {
                trial = TrialContext.current().trialId();
                threadOfTrial.put(trial, Thread.currentThread().getName());
                started.countDown();
                return super.step();
            }

            @Override
            public void cleanup() {
                if ("a".equals(trial)) {
                    try {
                        cleanupMayEnd.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                super.cleanup();
            }
        });
    }

    /** Runs trial a to its first result, stops it (its cleanup then waits, see {@link #recordingThreads}) and starts b. */
    private void stopAAndStartB(LocalTrialExecutor executor) throws Exception {
        executor.start(launch("a", 1, Config.of(Map.of("x", 1.0)), null, 0));
        assertInstanceOf(TrialEvent.Reported.class, executor.nextEvent());
        executor.stop("a", false);
        executor.start(launch("b", 2, Config.of(Map.of("x", 1.0)), null, 0));
    }

    @Test
    void aTrialStartedWhileAnotherTrialsThreadFinishesRunsOnThatThread() throws Exception {
        Map<String, String> threadOfTrial = new ConcurrentHashMap<>();
        CountDownLatch cleanupMayEnd = new CountDownLatch(1);
        CountDownLatch bStarted = new CountDownLatch(2);
        try (LocalTrialExecutor executor = new LocalTrialExecutor(recordingThreads(threadOfTrial, cleanupMayEnd, bStarted), TWO_CPUS, false)) {
            stopAAndStartB(executor);
            cleanupMayEnd.countDown();
            bStarted.await(); // b runs without the driver waiting for events, which could give it a thread of its own
            assertEquals(threadOfTrial.get("a"), threadOfTrial.get("b"), "b waited for a's thread instead of waking or starting another");
            assertInstanceOf(TrialEvent.Reported.class, executor.nextEvent());
            executor.stop("b", false);
        }
    }

    @Test
    void aTrialStartedWhileTheLastOnesThreadFinishesRunsOnThatThreadThoughAnotherThreadIdles() throws Exception {
        Map<String, Thread> threadOfTrial = new ConcurrentHashMap<>();
        Semaphore stepped = new Semaphore(0);
        TrainableSpec recording = new TrainableSpec.ClassApi("T", () -> new CountingTrainable() {
            @Override
            public Map<String, ?> step() {
                threadOfTrial.put(TrialContext.current().trialId(), Thread.currentThread());
                stepped.release();
                return super.step();
            }
        });
        try (LocalTrialExecutor executor = new LocalTrialExecutor(recording, TWO_CPUS, false)) {
            executor.start(launch("y", 1, Config.of(Map.of("x", 1.0)), null, 0));
            executor.start(launch("z", 2, Config.of(Map.of("x", 1.0)), null, 0));
            assertTrue(stepped.tryAcquire(2, 30, TimeUnit.SECONDS), "y and z did not step");
            executor.stop("y", false);
            executor.stop("z", false);
            while (executor.nextEvent(30, TimeUnit.SECONDS) != null) {
                // y's and z's results; then nothing: both runs ended
            }
            awaitIdle(threadOfTrial.get("y"), threadOfTrial.get("z"));
            for (int i = 0; i < 20; i++) {
                String id = "t" + i;
                executor.start(launch(id, 3 + i, Config.of(Map.of("x", 1.0)), null, 0));
                // its step is awaited without the driver waiting for events, which could give a waiting trial a thread of its own
                assertTrue(stepped.tryAcquire(30, TimeUnit.SECONDS), id + " did not step");
                executor.stop(id, false);
            }
        }
        Set<Thread> chainThreads = new HashSet<>();
        for (int i = 0; i < 20; i++) {
            chainThreads.add(threadOfTrial.get("t" + i));
        }
        assertEquals(1, chainThreads.size(), "each trial took the thread of the one stopped before it, not the idle one: " + threadOfTrial);
    }

    /** Waits until the pool threads given are parked in the pool (their runs ended; no other timed wait on their way back). */
    private static void awaitIdle(Thread... threads) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        for (Thread t : threads) {
            while (t.getState() != Thread.State.TIMED_WAITING) {
                assertTrue(System.nanoTime() < deadline, t.getName() + " not back in the pool: " + t.getState());
                TimeUnit.MILLISECONDS.sleep(1);
            }
        }
    }

    @Test
    void aTrialWaitingForAThreadHeldUpInACleanupGetsAThreadOfItsOwnAndTheHeldThreadIsNoLongerCountedOn() throws Exception {
        Map<String, String> threadOfTrial = new ConcurrentHashMap<>();
        CountDownLatch cleanupMayEnd = new CountDownLatch(1);
        CountDownLatch started = new CountDownLatch(3);
        try (LocalTrialExecutor executor = new LocalTrialExecutor(recordingThreads(threadOfTrial, cleanupMayEnd, started), TWO_CPUS, false)) {
            stopAAndStartB(executor);
            TrialEvent.Reported b = assertInstanceOf(TrialEvent.Reported.class, executor.nextEvent(30, TimeUnit.SECONDS),
                    "b runs while a's cleanup holds its thread");
            assertEquals("b", b.trialId());
            assertFalse(threadOfTrial.get("a").equals(threadOfTrial.get("b")));
            assertEquals(0, CountingTrainable.CLEANUPS.get(), "a's cleanup is still held");
            executor.start(launch("c", 3, Config.of(Map.of("x", 1.0)), null, 0));
            // c runs without the driver waiting for events: a's thread is not waited for again
            assertTrue(started.await(30, TimeUnit.SECONDS), "c did not start");
            cleanupMayEnd.countDown();
            executor.stop("b", false);
            executor.stop("c", false);
        } finally {
            cleanupMayEnd.countDown();
        }
        assertEquals(3, CountingTrainable.CLEANUPS.get());
    }
}
