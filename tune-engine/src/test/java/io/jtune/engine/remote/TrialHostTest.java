package io.jtune.engine.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.api.ResourceRequest;
import io.jtune.api.Result;
import io.jtune.api.trainable.Session;
import io.jtune.api.trainable.TrainFunction;
import io.jtune.api.trainable.ClassTrainable;
import io.jtune.api.trainable.TrialContext;
import io.jtune.engine.exec.LocalHost;
import io.jtune.engine.exec.TrialEvent;
import io.jtune.engine.exec.TrialLaunch;
import io.jtune.engine.spec.TrainableSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrialHostTest {
    @TempDir
    Path dir;

    /** Every event crosses the wire format, as between processes. */
    private final LinkedBlockingQueue<Event> events = new LinkedBlockingQueue<>();
    private final TrialHost host = new TrialHost(getClass().getClassLoader(), e -> events.add(WireFormat.readEvent(WireFormat.write(e))));

    @AfterEach
    void close() {
        host.close();
    }

    /** Counts steps; saves and restores the count; reports the GPUs its context was given. */
    static final class Counter implements ClassTrainable {
        private int count;
        private List<Integer> gpus;

        @Override
        public void setup(Config config) {
            count = config.getInt("start");
            gpus = TrialContext.current().gpuIds();
        }

        @Override
        public Map<String, ?> step() {
            count++;
            return Map.of("count", count, "loss", 1.0 / count, "gpus", gpus);
        }

        @Override
        public void save(Path folder) throws Exception {
            Files.writeString(folder.resolve("count"), Integer.toString(count));
        }

        @Override
        public void restore(Path folder) throws Exception {
            count = Integer.parseInt(Files.readString(folder.resolve("count")));
        }

        @Override
        public boolean supportsCheckpoints() {
            return true;
        }
    }

    /** Reports three results, then returns. */
    public static final class ThreeReports implements TrainFunction {
        @Override
        public void train(Config config, Session session) {
            for (int i = 1; i <= 3; i++) {
                session.report(Map.of("i", i, "trial", session.trialId()));
            }
        }
    }

    static final class FailsInStep implements ClassTrainable {
        @Override
        public void setup(Config config) {
        }

        @Override
        public Map<String, ?> step() {
            throw new IllegalStateException("the data set is empty");
        }
    }

    private Command.StartTrial start(String trialId, long runId, Class<?> type, Map<String, Object> config, String restoreFrom, List<Integer> gpus) {
        TrialLaunch launch = new TrialLaunch(trialId, runId, Config.of(config), dir.resolve(trialId), ResourceRequest.cpus(1),
                restoreFrom == null ? null : new io.jtune.api.trainable.CheckpointDir(Path.of(restoreFrom)), 0, gpus);
        return Command.StartTrial.of(launch, type.getName(), false);
    }

    /** The metrics with the worker's pid, hostname and node_ip, which the host adds to every result. */
    private static Map<String, Object> whereItRan(Map<String, Object> metrics) {
        Map<String, Object> all = new java.util.HashMap<>(metrics);
        all.put(Result.PID, Math.toIntExact(ProcessHandle.current().pid()));
        all.put(Result.HOSTNAME, LocalHost.name());
        all.put(Result.NODE_IP, LocalHost.ip());
        return all;
    }

    private Event next() throws InterruptedException {
        Event e = events.poll(30, TimeUnit.SECONDS);
        assertNotNull(e, "no event within 30 s");
        return e;
    }

    @Test
    void aClassApiTrainableStepsSavesRestoresAndEnds() throws Exception {
        Files.createDirectories(dir.resolve("t1"));
        host.handle(start("t1", 7, Counter.class, Map.of("start", 10), null, List.of(1, 3)));
        Event.Reported first = assertInstanceOf(Event.Reported.class, next());
        assertEquals("t1", first.trialId());
        assertEquals(7, first.runId());
        assertEquals(whereItRan(Map.of("count", 11, "loss", 1.0 / 11, "gpus", List.of(1, 3))), first.metrics());
        host.handle(new Command.Save("t1", true));
        Event.Saved saved = assertInstanceOf(Event.Saved.class, next());
        assertEquals(1, saved.iteration());
        assertEquals("11", Files.readString(Path.of(saved.checkpoint()).resolve("count")));
        assertTrue(Path.of(saved.checkpoint()).startsWith(dir.resolve("t1")), saved.checkpoint());
        host.handle(new Command.Continue("t1"));
        assertEquals(12, ((Event.Reported) next()).metrics().get("count"));
        host.handle(new Command.Stop("t1", false));
        assertEquals(new Event.RunEnded("t1", 7), next());

        host.handle(start("t1", 8, Counter.class, Map.of("start", 0), saved.checkpoint(), List.of()));
        assertEquals(12, ((Event.Reported) next()).metrics().get("count"), "restored from the count 11");
        host.handle(new Command.Stop("t1", false));
        assertEquals(new Event.RunEnded("t1", 8), next());
    }

    @Test
    void aFunctionClassReportsAndFinishes() throws Exception {
        host.handle(start("f", 1, ThreeReports.class, Map.of(), null, List.of()));
        for (int i = 1; i <= 3; i++) {
            Event.Reported r = assertInstanceOf(Event.Reported.class, next());
            assertEquals(whereItRan(Map.of("i", i, "trial", "f")), r.metrics());
            host.handle(new Command.Continue("f"));
        }
        assertEquals(new Event.Finished("f", 1), next());
        assertEquals(new Event.RunEnded("f", 1), next());
    }

    @Test
    void aFailingStepCrossesAsDataWithItsStackTrace() throws Exception {
        host.handle(start("bad", 3, FailsInStep.class, Map.of(), null, List.of()));
        Event.Failed failed = assertInstanceOf(Event.Failed.class, next());
        assertEquals(IllegalStateException.class.getName(), failed.error().className());
        assertEquals("the data set is empty", failed.error().message());
        assertTrue(failed.error().stackText().contains("FailsInStep.step"), failed.error().stackText());
        TrialEvent.Failed onDriver = (TrialEvent.Failed) EventMapping.toTrialEvent(failed);
        assertEquals("java.lang.IllegalStateException: the data set is empty", onDriver.error().toString());
        StackTraceElement top = onDriver.error().getStackTrace()[0];
        assertEquals(FailsInStep.class.getName() + ".step(TrialHostTest.java)", top.getClassName() + "." + top.getMethodName() + "(" + top.getFileName() + ")");
        assertTrue(top.getLineNumber() > 0, top.toString());
        host.handle(new Command.Stop("bad", false));
        assertEquals(new Event.RunEnded("bad", 3), next());
    }

    @Test
    void anUnknownClassFailsTheTrialNamingTheClass() throws Exception {
        TrialLaunch launch = new TrialLaunch("u", 5, Config.empty(), dir.resolve("u"), ResourceRequest.cpus(1), null, 0);
        host.handle(Command.StartTrial.of(launch, "com.example.Missing", false));
        Event.Failed failed = assertInstanceOf(Event.Failed.class, next());
        assertTrue(failed.error().message().contains("com.example.Missing cannot be loaded"), failed.error().message());
        assertEquals(new Event.RunEnded("u", 5), next());
        host.handle(new Command.Continue("u"));
        assertNull(events.poll(), "commands for an ended trial are ignored");
    }

    @Test
    void aLambdaCannotCrossAndSaysToMakeItAClass() {
        TrainableSpec lambda = new TrainableSpec.FunctionApi("fn", (config, session) -> { });
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TrainableClasses.remoteName(lambda));
        assertTrue(e.getMessage().contains("'fn'") && e.getMessage().contains("make it a class"), e.getMessage());
        assertEquals(ThreeReports.class.getName(), TrainableClasses.remoteName(TrainableClasses.spec(ThreeReports.class)));
    }

    @Test
    void nonFiniteNumbersAndNestedValuesCrossTheWire() {
        Event.Reported r = new Event.Reported("t", 1, WireFormat.plain(Map.of("nan", Double.NaN, "inf", Double.POSITIVE_INFINITY,
                "arr", new int[] {1, 2}, "cfg", Config.of(Map.of("a", 1)))), null, 5);
        String line = WireFormat.write(r);
        assertTrue(!line.contains("\n") && line.contains("\"type\":\"reported\""), line);
        Event.Reported back = (Event.Reported) WireFormat.readEvent(line);
        assertTrue(Double.isNaN((Double) back.metrics().get("nan")));
        assertEquals(Double.POSITIVE_INFINITY, back.metrics().get("inf"));
        assertEquals(List.of(1, 2), back.metrics().get("arr"));
        assertEquals(Map.of("a", 1), back.metrics().get("cfg"));
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> WireFormat.readCommand("{\"type\":\"launch\"}"));
        assertTrue(bad.getMessage().contains("not a jtune command message"), bad.getMessage());
    }
}
