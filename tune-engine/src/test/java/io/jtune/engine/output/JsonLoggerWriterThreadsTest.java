package io.jtune.engine.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.jtune.api.Config;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.engine.TestTrialView;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How the JSON logger shares trials between its writer threads, and keeps each trial's writes in order. */
class JsonLoggerWriterThreadsTest {
    @TempDir
    Path experimentDir;

    private final JsonLoggerCallback json = new JsonLoggerCallback(() -> 0L);
    private final CountDownLatch release = new CountDownLatch(1);

    @AfterEach
    void endExperiment() {
        release.countDown();
        json.onExperimentEnd(List.of());
    }

    private TestTrialView trial(String id) {
        return new TestTrialView(id, Config.of(Map.of("x", id)), experimentDir).status(TrialStatus.RUNNING);
    }

    private void start(TestTrialView trial) {
        json.continueFrom(trial, List.of());
        json.onTrialStart(trial);
    }

    private static Result result(int iteration) {
        LinkedHashMap<String, Object> values = new LinkedHashMap<>();
        values.put(Result.TRAINING_ITERATION, (long) iteration);
        return Result.wrap(values);
    }

    /** Makes {@code writer} take a write that waits for {@code released}, and the backlog that sends new trials elsewhere behind it. */
    private static void backlog(FileWriterThread writer, CountDownLatch released) {
        List<Integer> done = Collections.synchronizedList(new ArrayList<>());
        writer.submit(new NumberedWrite(0, done, new CountDownLatch(1), released));
        for (int i = 1; i <= PerTrialFileCallback.BACKLOG_FOR_ANOTHER_WRITER; i++) {
            writer.submit(new NumberedWrite(i, done, new CountDownLatch(1), null));
        }
    }

    @Test
    void atLowRatesOneWriterThreadWritesEveryTrial() throws IOException {
        FileWriterThread first = null;
        for (int i = 0; i < 50; i++) {
            TestTrialView trial = trial("t" + i);
            start(trial);
            json.onTrialResult(trial, result(1));
            FileWriterThread writer = json.file(trial).writer();
            first = first == null ? writer : first;
            assertSame(first, writer, "trial " + i + " went to another writer thread while the first had nothing waiting");
            json.onTrialComplete(trial);
            json.flush(trial.id());
        }
        assertEquals("jtune-result.json-writer-1", first.name());
        for (int i = 0; i < 50; i++) {
            assertEquals(1, JsonLoggerCallback.readResults(trial("t" + i).localDir()).size());
        }
    }

    @Test
    void aTrialOpenedWhileTheFirstWriterIsBackloggedGoesToAnotherAndAllWritesLand() throws IOException {
        TestTrialView early = trial("early");
        start(early);
        FileWriterThread first = json.file(early).writer();
        json.onTrialResult(early, result(1));
        backlog(first, release);

        TestTrialView late = trial("late");
        start(late);
        FileWriterThread second = json.file(late).writer();
        assertNotSame(first, second, "a new trial waited behind a backlogged writer thread");
        json.onTrialResult(late, result(1));
        json.flush(late.id());
        json.onTrialComplete(late);
        assertEquals(1, JsonLoggerCallback.readResults(late.localDir()).size(), "written while the first thread is held");
        assertEquals(late.config(), JsonLoggerCallback.readParams(late.localDir()));

        release.countDown();
        json.onTrialResult(early, result(2));
        json.onTrialComplete(early);
        json.flush();
        assertEquals(2, JsonLoggerCallback.readResults(early.localDir()).size());
        assertEquals(early.config(), JsonLoggerCallback.readParams(early.localDir()));

        TestTrialView next = trial("next");
        start(next);
        assertSame(first, json.file(next).writer(), "once the first thread caught up, new trials go to it again");
    }

    @Test
    void aFailedTrialRetriedFromScratchWaitsForItsLastWritesOnAnotherThread() throws Exception {
        TestTrialView held = trial("held");
        start(held);
        FileWriterThread first = json.file(held).writer();
        CountDownLatch releaseFirst = new CountDownLatch(1);
        backlog(first, releaseFirst);
        TestTrialView failing = trial("failing");
        start(failing);
        assertNotSame(first, json.file(failing).writer());
        backlog(json.file(failing).writer(), release);
        json.onTrialResult(failing, result(1));
        json.onTrialResult(failing, result(2));
        json.onTrialError(failing, new IllegalStateException("boom"));
        releaseFirst.countDown();
        json.flush(held.id());
        json.onTrialComplete(held);
        // the failed run's two results wait behind the second thread's held writes; the first has none waiting

        failing.failures(1);
        AtomicReference<Throwable> failed = new AtomicReference<>();
        CountDownLatch continued = new CountDownLatch(1);
        Thread retry = new Thread(() -> {
            try {
                json.continueFrom(failing, List.of());
                continued.countDown();
                json.onTrialStart(failing);
                json.onTrialResult(failing, result(1));
                json.flush(failing.id());
            } catch (Throwable e) {
                failed.set(e);
            }
        }, "retry");
        retry.start();
        while (continued.getCount() > 0 && retry.getState() != Thread.State.WAITING) {
            Thread.onSpinWait();
        }
        if (continued.getCount() == 0) {
            retry.join(); // it did not wait for the failed run's writes: let its own land first, as a busy second thread would
        }
        release.countDown();
        retry.join();
        assertNull(failed.get());
        json.flush();

        List<Long> iterations = new ArrayList<>();
        for (Result r : JsonLoggerCallback.readResults(failing.localDir())) {
            iterations.add(r.trainingIteration());
        }
        assertEquals(List.of(1L), iterations, "the retried trial's file holds its new result only, not the failed run's written after it was emptied");
    }
}
