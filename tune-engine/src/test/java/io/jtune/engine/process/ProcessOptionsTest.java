package io.jtune.engine.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ProcessOptionsTest {

    @Test
    void theClassPathIsTheProjectLoadersFilesUnderTuneRunElseTheDrivers() throws Exception {
        Path classes = Path.of("target", "classes").toAbsolutePath();
        Path jar = Path.of("lib", "dep.jar").toAbsolutePath();
        try (URLClassLoader project = new URLClassLoader(new URL[] {classes.toUri().toURL(), jar.toUri().toURL()}, null)) {
            assertEquals(classes + File.pathSeparator + jar, ProcessOptions.classPathOf(project));
        }
        assertEquals(System.getProperty("java.class.path"), ProcessOptions.classPathOf(ClassLoader.getSystemClassLoader()));
    }

    @Test
    void jvmOptionsAddUpAndAnEmptyClassPathIsRefused() {
        ProcessOptions options = ProcessOptions.defaults().withJvmOptions("-Da=1").withJvmOptions("-Db=2");
        assertEquals(java.util.List.of("-Da=1", "-Db=2"), options.jvmOptions());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> options.withClassPath(" "));
        assertTrue(e.getMessage().contains("worker class path must not be empty"), e.getMessage());
    }

    @Test
    void defaultJvmOptionsComeFromTheSystemProperty() {
        String before = System.getProperty(ProcessOptions.JVM_OPTIONS_PROPERTY);
        try {
            System.setProperty(ProcessOptions.JVM_OPTIONS_PROPERTY, " -XX:+UseSerialGC   -Xss2m ");
            assertEquals(java.util.List.of("-XX:+UseSerialGC", "-Xss2m"), ProcessOptions.defaults().jvmOptions());
            System.clearProperty(ProcessOptions.JVM_OPTIONS_PROPERTY);
            assertEquals(java.util.List.of(), ProcessOptions.defaults().jvmOptions());
        } finally {
            if (before != null) {
                System.setProperty(ProcessOptions.JVM_OPTIONS_PROPERTY, before);
            }
        }
    }

    @Test
    void aTrialsMemoryBecomesItsHeapLimitInWholeMebibytes() {
        assertEquals(java.util.List.of("-Xmx65m"), WorkerShape.of((64L << 20) + 1, java.util.List.of()).jvmOptions());
        assertEquals(java.util.List.of(), WorkerShape.of(0, java.util.List.of()).jvmOptions());
        assertEquals("0,2", WorkerShape.of(0, java.util.List.of(0, 2)).cudaVisibleDevices());
    }
}
