package io.jtune.engine.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.api.TrialStatus;
import io.jtune.engine.TestTrialView;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileWriterThreadTest {
    private static final int CAPACITY = 4;

    @TempDir
    Path dir;

    @Test
    void theDriverWaitsOnceCapacityWritesWaitAndGoesOnWhenTheWriterTakesOne() throws InterruptedException {
        FileWriterThread writer = new FileWriterThread("test-writer", CAPACITY);
        List<Integer> done = Collections.synchronizedList(new ArrayList<>());
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch firstStarted = new CountDownLatch(1);
        writer.submit(new NumberedWrite(0, done, firstStarted, release)); // the writer thread takes it and blocks: a slow disk
        assertTrue(firstStarted.await(10, TimeUnit.SECONDS));
        for (int i = 1; i <= CAPACITY; i++) {
            writer.submit(new NumberedWrite(i, done, new CountDownLatch(1), null)); // these wait in the queue
        }
        Thread driver = new Thread(() -> writer.submit(new NumberedWrite(CAPACITY + 1, done, new CountDownLatch(1), null)), "driver");
        driver.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (driver.getState() != Thread.State.WAITING && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertEquals(Thread.State.WAITING, driver.getState(), "one write more than the capacity makes the driver wait");
        assertTrue(done.isEmpty());

        release.countDown();
        driver.join(TimeUnit.SECONDS.toMillis(10));
        assertFalse(driver.isAlive(), "the driver goes on once the writer took a write");
        writer.close();
        assertEquals(List.of(0, 1, 2, 3, 4, 5), done, "every write done, in the order asked");
    }

    /**
     * Writes asked for while the writer thread sleeps (parked without a time-out once its naps found
     * nothing) wake it: each burst is written without anything asked after it.
     */
    @Test
    void writesAskedWhileTheWriterSleepsWakeIt() throws InterruptedException {
        FileWriterThread writer = new FileWriterThread("sleeping-writer", CAPACITY);
        List<Integer> done = Collections.synchronizedList(new ArrayList<>());
        List<Integer> expected = new ArrayList<>();
        CountDownLatch first = new CountDownLatch(1);
        writer.submit(new NumberedWrite(0, done, first, null));
        expected.add(0);
        assertTrue(first.await(10, TimeUnit.SECONDS));
        Thread thread = Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().equals("sleeping-writer")).findFirst().orElseThrow();
        for (int burst = 1; burst <= 20; burst++) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (thread.getState() != Thread.State.WAITING && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            assertEquals(Thread.State.WAITING, thread.getState(), "the writer sleeps after its naps");
            CountDownLatch last = new CountDownLatch(1);
            for (int i = 1; i <= 3; i++) {
                int number = burst * 10 + i;
                writer.submit(new NumberedWrite(number, done, i == 3 ? last : new CountDownLatch(1), null));
                expected.add(number);
            }
            assertTrue(last.await(10, TimeUnit.SECONDS), "burst " + burst + " is written without another write to wake the writer");
        }
        writer.close();
        assertEquals(expected, done, "every write done, in the order asked");
    }

    @Test
    void aFailedWriteIsThrownToTheDriverNamingTheFileAndTrial() throws IOException {
        TestTrialView trial = new TestTrialView("t1", Config.of(Map.of("lr", 0.1)), dir).status(TrialStatus.RUNNING);
        Files.writeString(trial.localDir(), "a file where trial t1's folder should be");
        JsonLoggerCallback json = new JsonLoggerCallback();
        json.continueFrom(trial, List.of()); // as the runner starts a trial: nothing waits for the writer here

        // the writer's failure reaches the driver at its next hand-over to the writer, at the latest at the flush
        UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> {
            json.onTrialStart(trial);
            json.onTrialResult(trial, JsonLoggerCallbackTest.result("training_iteration", 1));
            json.flush();
        });
        // the first write that fails is params.json (result.json is created with its first records)
        assertTrue(e.getMessage().startsWith("cannot write " + trial.localDir().resolve(JsonLoggerCallback.PARAMS_FILE) + " of trial t1: "), e.getMessage());
        assertThrows(UncheckedIOException.class, () -> json.onTrialComplete(trial), "the next hand-over to the writer throws it again");
    }

    @Test
    void closedFilesGiveTheirBuffersBackForTheNextFiles() throws IOException {
        FileWriterThread writer = new FileWriterThread("test-writer");
        RecordBytes record = new RecordBytes(16);
        record.appendUtf8("{\"training_iteration\":1}\n");
        TrialFile first = new TrialFile(dir.resolve("a").resolve("result.json"), "a", Long.MAX_VALUE, 0, writer);
        first.add(record, 0);
        first.close();
        writer.drain();
        assertEquals(1, writer.pooledBuffers(), "the closed file's buffer is kept");

        TrialFile second = new TrialFile(dir.resolve("b").resolve("result.json"), "b", Long.MAX_VALUE, 0, writer);
        second.add(record, 0);
        assertEquals(0, writer.pooledBuffers(), "the next file took it");
        second.add(record, 0);
        second.close();
        writer.close();
        assertEquals(1, writer.pooledBuffers(), "and gave it back");
        assertEquals("{\"training_iteration\":1}\n", Files.readString(dir.resolve("a").resolve("result.json")));
        assertEquals("{\"training_iteration\":1}\n".repeat(2), Files.readString(dir.resolve("b").resolve("result.json")));
    }

    /**
     * A file waits in the writer's queue at most once: with the writer busy and room for one write,
     * handing the same file over again and again never makes the driver wait, and the one write
     * takes every record handed over meanwhile.
     */
    @Test
    void aFileWaitsInTheQueueOnceAndItsWriteTakesEverythingPending() throws Exception {
        FileWriterThread writer = new FileWriterThread("test-writer", 1);
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch started = new CountDownLatch(1);
        writer.submit(new NumberedWrite(0, Collections.synchronizedList(new ArrayList<>()), started, release)); // the writer blocks on it
        assertTrue(started.await(10, TimeUnit.SECONDS));
        Path path = dir.resolve("c").resolve("result.json");
        TrialFile file = new TrialFile(path, "c", 0, 0, writer); // hands over with every record
        RecordBytes record = new RecordBytes(16);
        record.appendUtf8("{\"training_iteration\":1}\n");
        Thread driver = new Thread(() -> {
            for (int i = 0; i < 50; i++) {
                file.add(record, i);
            }
            file.close();
        }, "driver");
        driver.start();
        driver.join(TimeUnit.SECONDS.toMillis(10));
        assertFalse(driver.isAlive(), "51 hand-overs of one file with room for one write: the driver never waited");
        release.countDown();
        writer.close();
        assertEquals("{\"training_iteration\":1}\n".repeat(50), Files.readString(path));
    }

    /**
     * A new trial's file is emptied by the opening that writes its first records (stale records of
     * an earlier run go), and one that gets none is still created, empty, at the next flush.
     */
    @Test
    void aNewTrialsFileIsEmptiedByItsFirstWrite() throws IOException {
        FileWriterThread writer = new FileWriterThread("test-writer");
        Path stale = dir.resolve("d").resolve("result.json");
        Files.createDirectories(stale.getParent());
        Files.writeString(stale, "{\"training_iteration\":7}\n");
        RecordBytes record = new RecordBytes(16);
        record.appendUtf8("{\"training_iteration\":1}\n");
        TrialFile restarted = new TrialFile(stale, "d", Long.MAX_VALUE, 0, writer);
        restarted.startEmpty();
        writer.drain();
        assertEquals("{\"training_iteration\":7}\n", Files.readString(stale), "nothing written before a hand-over");
        restarted.add(record, 0);
        restarted.handOver();
        writer.drain();
        assertEquals("{\"training_iteration\":1}\n", Files.readString(stale));

        Path quiet = dir.resolve("e").resolve("result.json");
        TrialFile noResults = new TrialFile(quiet, "e", Long.MAX_VALUE, 0, writer);
        noResults.startEmpty();
        noResults.handOver();
        writer.close();
        assertEquals("", Files.readString(quiet), "created empty at the flush");
    }

    @Test
    void aReplacedFileIsNeverSeenEmptyOrPartlyWritten() throws Exception {
        FileWriterThread writer = new FileWriterThread("test-writer");
        Path params = dir.resolve("trial").resolve("params.json");
        byte[] shortConfig = "{\n  \"x\": 1\n}".getBytes(StandardCharsets.UTF_8);
        byte[] longConfig = ("{\n  \"name\": \"" + "a".repeat(20_000) + "\"\n}").getBytes(StandardCharsets.UTF_8);
        writer.replace(params, "trial", shortConfig);
        writer.drain();
        List<String> torn = Collections.synchronizedList(new ArrayList<>());
        CountDownLatch done = new CountDownLatch(1);
        Thread reader = new Thread(() -> {
            while (done.getCount() > 0) {
                try {
                    byte[] seen = Files.readAllBytes(params);
                    if (!Arrays.equals(seen, shortConfig) && !Arrays.equals(seen, longConfig)) {
                        torn.add(seen.length + " bytes");
                    }
                } catch (IOException e) {
                    torn.add(e.toString());
                }
            }
        });
        reader.start();
        for (int i = 0; i < 2_000; i++) {
            writer.replace(params, "trial", i % 2 == 0 ? longConfig : shortConfig);
        }
        writer.drain();
        done.countDown();
        reader.join();
        writer.close();
        assertEquals(List.of(), torn, "a reader saw the file between two complete contents");
        assertEquals(new String(shortConfig, StandardCharsets.UTF_8), Files.readString(params));
        try (var files = Files.list(params.getParent())) {
            assertEquals(List.of(params), files.toList(), "only params.json is left in the folder");
        }
    }
}
