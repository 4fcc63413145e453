package io.jtune.engine.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Starts a main class of the test class path in a child JVM (fast JIT settings), its output to a log file. */
public final class ChildJvms {
    private ChildJvms() {
    }

    public static Process start(Class<?> main, Path log, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"), main.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    /** The file's size, 0 when it does not exist yet. */
    public static long size(Path file) throws IOException {
        return Files.exists(file) ? Files.size(file) : 0;
    }

    /** The file's text, or a note why there is none (for failure messages). */
    public static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }
}
