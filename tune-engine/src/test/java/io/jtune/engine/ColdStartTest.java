package io.jtune.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.api.trainable.Trainable;
import io.jtune.engine.stop.Stoppers;
import java.io.File;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A run of a plain {@link Trainable} class that logs nothing pays for neither the Byte Buddy adapter
 * generator of {@code @Trainable} classes nor the start of a logging back end (Logback is on this
 * class path): the run goes through a class loader of its own, which then tells which classes it loaded.
 */
class ColdStartTest {
    @Test
    void aPlainTrainableRunLoadsNoByteBuddyAndStartsNoLogging() throws Exception {
        try (RecordingLoader loader = new RecordingLoader()) {
            Object terminated = loader.loadClass(PlainRun.class.getName()).getMethod("run").invoke(null);
            assertEquals(3, terminated);
            assertTrue(loader.loaded(Tuner.class.getName()), "the run went through the loader");
            assertFalse(loader.loaded("net.bytebuddy.ByteBuddy"), "Byte Buddy loaded for a plain Trainable class");
            assertFalse(loader.loaded("ch.qos.logback.classic.LoggerContext"), "Logback started by a run that logs nothing");
        }
    }

    /** The run, made in the recording loader. */
    public static final class PlainRun {
        private PlainRun() {
        }

        /** Runs 3 trials of a no-op trainable with output files off; returns how many terminated. */
        public static int run() {
            return Tuner.of(NoOp.class).numSamples(3).stop(Stoppers.maximumIteration(1)).progress(false).outputFiles(false).fit().numTerminated();
        }
    }

    /** Does nothing. */
    public static final class NoOp implements Trainable {
        @Override
        public void setup(Config config) {
        }

        @Override
        public Map<String, ?> step() {
            return Map.of("score", 1.0);
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
