package io.jtune.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.trainable.ClassTrainable;
import io.jtune.engine.runner.state.ExperimentState;
import io.jtune.engine.stop.Stoppers;
import java.io.File;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a plain run (a {@link ClassTrainable} class, random search, output files off, nothing logged)
 * must not pay for at start-up and per trial, each a cost of a cold run: the Byte Buddy adapter
 * generator of {@code @Trainable} classes, a logging back end or the look for one, Jackson,
 * ClassGraph, {@code java.util.logging}, {@code String.format}, {@code DateTimeFormatter}, the
 * bootstrap of records' {@code equals}/{@code hashCode}/{@code toString} and of indy string
 * concatenation, and lambdas in the code that makes each trial. The first test runs in a class
 * loader of its own; the others in a fresh JVM, whose class loading and call-site linkage they read.
 */
class ColdStartTest {
    /** Classes (by name prefix) a plain run must not load, and why. */
    private static final Map<String, String> NOT_LOADED = Map.ofEntries(
            Map.entry("net.bytebuddy.", "Byte Buddy, for a plain ClassTrainable class"),
            Map.entry("ch.qos.logback.", "Logback, by a run that logs nothing"),
            Map.entry("org.slf4j.LoggerFactory", "SLF4J, by a run that logs nothing"),
            Map.entry("io.jtune.engine.log.FallbackLogging", "the look through the class path for an SLF4J provider, by a run that logs nothing"),
            Map.entry("com.fasterxml.jackson.", "Jackson, with no state to save"),
            Map.entry("io.github.classgraph.", "ClassGraph"),
            Map.entry("java.util.logging.", "java.util.logging"),
            Map.entry("java.lang.management.", "the management beans (the machine's memory is read only when a trial asks for memory)"),
            Map.entry("java.util.Formatter", "String.format"),
            Map.entry("java.time.format.DateTimeFormatter", "a DateTimeFormatter for results' dates"),
            Map.entry("java.time.zone.ZoneRulesProvider", "java.time's zone rules, whose first use looks for providers in every jar of the class path"),
            Map.entry("java.lang.runtime.ObjectMethods", "a record's equals, hashCode or toString (its first call builds method handles)"));
    /** Classes whose code makes every trial: none of their call sites may need linking (a lambda, a method reference, an indy concatenation). */
    private static final List<String> NO_CALL_SITES = List.of("io.jtune.api.Config", "io.jtune.engine.search.VariantPlan",
            "io.jtune.engine.search.BasicVariantGenerator", "io.jtune.engine.trial.TrialNames", "io.jtune.engine.output.DateStamp");

    @Test
    void aPlainTrainableRunLoadsNoByteBuddyAndStartsNoLogging() throws Exception {
        try (RecordingLoader loader = new RecordingLoader()) {
            Object terminated = loader.loadClass(PlainRun.class.getName()).getMethod("run").invoke(null);
            assertEquals(3, terminated);
            assertTrue(loader.loaded(Tuner.class.getName()), "the run went through the loader");
            assertFalse(loader.loaded("net.bytebuddy.ByteBuddy"), "Byte Buddy loaded for a plain ClassTrainable class");
            assertFalse(loader.loaded("ch.qos.logback.classic.LoggerContext"), "Logback started by a run that logs nothing");
        }
    }

    @Test
    void aPlainRunInAFreshJvmLoadsNothingItDoesNotNeedAndLinksNoCallSiteWhereTrialsAreMade() throws Exception {
        String out = runJava(System.getProperty("java.class.path"), PlainRun.class,
                "-Xlog:class+load=info", "-Djava.lang.invoke.MethodHandle.TRACE_METHOD_LINKAGE=true");
        assertTrue(out.contains("terminated 3"), out);
        List<String> loaded = out.lines().filter(l -> l.contains("[class,load]")).map(l -> l.split("\\s+")[1]).toList();
        assertTrue(loaded.contains(Tuner.class.getName()), "class loading is logged");
        for (Map.Entry<String, String> e : NOT_LOADED.entrySet()) {
            List<String> found = loaded.stream().filter(c -> c.startsWith(e.getKey())).toList();
            assertTrue(found.isEmpty(), e.getValue() + " loaded for a plain run: " + found);
        }
        List<String> linked = out.lines().filter(l -> l.startsWith("linkCallSite ")).toList();
        assertTrue(linked.stream().anyMatch(l -> l.startsWith("linkCallSite " + PlainRun.class.getName() + " ")),
                "call-site linkage is traced (the run's own method reference): " + linked);
        for (String line : linked) {
            String caller = line.split(" ")[1];
            assertFalse(caller.startsWith("io.jtune.") && (line.contains("StringConcatFactory") || line.contains("ObjectMethods")),
                    "jtune must be compiled with -XDstringConcat=inline and call no record's equals/hashCode/toString on this path: " + line);
            assertFalse(NO_CALL_SITES.contains(caller.replaceAll("\\$.*", "")), "a call site linked in the code that makes each trial: " + line);
        }
    }

    @Test
    void withoutAnSlf4jProviderAWarningStillGoesToStandardErrorThroughTheFallback() throws Exception {
        String classPath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> !entry.contains("logback")).collect(Collectors.joining(File.pathSeparator));
        String out = runJava(classPath, FailingRun.class);
        assertTrue(out.contains("errored 1"), out);
        assertTrue(out.contains("[jtune WARN] TrialRunner: trial Failing_"), "the trial's error is logged through jtune's fallback: " + out);
        assertFalse(out.contains("No SLF4J providers"), out);
    }

    @Test
    void aRunWritingFilesStartsNoLoggingToEnd(@TempDir Path storage) throws Exception {
        String out = runJava(System.getProperty("java.class.path"), FilesRun.class, "-Xlog:class+load=info", "-Dcoldstart.storage=" + storage);
        assertTrue(out.contains("terminated 3"), out);
        assertTrue(Files.exists(storage.resolve("files").resolve(ExperimentState.FILE)), "the run wrote its folder: " + out);
        List<String> logback = out.lines().filter(l -> l.contains("[class,load]")).map(l -> l.split("\\s+")[1])
                .filter(c -> c.startsWith("ch.qos.logback.")).toList();
        assertTrue(logback.isEmpty(), "a run that logs nothing started Logback (the class path has it): " + logback);
    }

    /** Runs {@code main} in a fresh JVM; returns what it printed (standard output and error). */
    private static String runJava(String classPath, Class<?> main, String... jvmOptions) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(List.of(jvmOptions));
        command.addAll(List.of("-cp", classPath, main.getName()));
        Process java = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(java.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(java.waitFor(60, TimeUnit.SECONDS), "the child JVM ended");
        assertEquals(0, java.exitValue(), out);
        return out;
    }

    /** The run, made in the recording loader or in a fresh JVM. */
    public static final class PlainRun {
        private PlainRun() {
        }

        /** Runs 3 trials of a no-op trainable with output files off; returns how many terminated. */
        public static int run() {
            return Tuner.of(NoOp.class).space(SearchSpace.builder().uniform("x", 0, 1).build()).numSamples(3).stop(Stoppers.maximumIteration(1))
                    .progress(false).outputFiles(false).fit().numTerminated();
        }

        public static void main(String[] args) {
            IntSupplier run = PlainRun::run;
            System.out.println("terminated " + run.getAsInt());
        }
    }

    /** 3 trials of a no-op trainable with JSON, CSV, the experiment state and the progress table, under {@code coldstart.storage}. */
    public static final class FilesRun {
        private FilesRun() {
        }

        public static void main(String[] args) {
            int terminated = Tuner.of(NoOp.class).name("files").storagePath(Path.of(System.getProperty("coldstart.storage"))).numSamples(3)
                    .stop(Stoppers.maximumIteration(2)).fit().numTerminated();
            System.out.println("terminated " + terminated);
        }
    }

    /** One trial that fails in its first step, output files off. */
    public static final class FailingRun {
        private FailingRun() {
        }

        public static void main(String[] args) {
            int errored = Tuner.of(Failing.class).stop(Stoppers.maximumIteration(1)).progress(false).outputFiles(false).fit().numErrors();
            System.out.println("errored " + errored);
        }
    }

    /** Does nothing. */
    public static final class NoOp implements ClassTrainable {
        @Override
        public void setup(Config config) {
        }

        @Override
        public Map<String, ?> step() {
            return Map.of("score", 1.0);
        }
    }

    /** Fails in its first step. */
    public static final class Failing implements ClassTrainable {
        @Override
        public void setup(Config config) {
        }

        @Override
        public Map<String, ?> step() {
            throw new IllegalStateException("failing on purpose");
        }
    }

    /** This JVM's class path without the application class loader above it. */
    private static final class RecordingLoader extends URLClassLoader {
        RecordingLoader() throws IOException {
            super(classPath(), ClassLoader.getPlatformClassLoader());
        }

        boolean loaded(String name) {
            return findLoadedClass(name) != null;
        }

        private static URL[] classPath() {
            return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator)).map(entry -> {
                try {
                    return new File(entry).toURI().toURL();
                } catch (MalformedURLException e) {
                    throw new IllegalStateException("class path entry " + entry, e);
                }
            }).toArray(URL[]::new);
        }
    }
}
