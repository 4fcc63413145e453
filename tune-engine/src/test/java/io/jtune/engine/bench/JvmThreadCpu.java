package io.jtune.engine.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * CPU nanoseconds the JVM's own threads have run so far, read from Linux's {@code /proc/self/task/<tid>/schedstat}
 * (a benchmark's breakdown of "the rest of the process"): the JIT compilers' threads and the garbage collector's.
 * Zero where {@code /proc} is not there. Threads that have ended are not counted, so take it from threads that live
 * as long as the JVM.
 */
record JvmThreadCpu(long jitNanos, long collectorNanos) {
    private static final Path TASKS = Path.of("/proc/self/task");

    static JvmThreadCpu now() {
        long jit = 0;
        long collector = 0;
        if (!Files.isDirectory(TASKS)) {
            return new JvmThreadCpu(0, 0);
        }
        try (Stream<Path> tasks = Files.list(TASKS)) {
            for (Path task : (Iterable<Path>) tasks::iterator) {
                String name = read(task.resolve("comm"));
                if (name.startsWith("C1 Compiler") || name.startsWith("C2 Compiler")) {
                    jit += runNanos(task);
                } else if (name.startsWith("GC Thread") || name.startsWith("G1 ")) {
                    collector += runNanos(task);
                }
            }
        } catch (IOException e) {
            return new JvmThreadCpu(0, 0);
        }
        return new JvmThreadCpu(jit, collector);
    }

    JvmThreadCpu since(JvmThreadCpu start) {
        return new JvmThreadCpu(jitNanos - start.jitNanos, collectorNanos - start.collectorNanos);
    }

    private static long runNanos(Path task) throws IOException {
        String stat = read(task.resolve("schedstat"));
        int space = stat.indexOf(' ');
        return stat.isEmpty() ? 0 : Long.parseLong(space < 0 ? stat : stat.substring(0, space));
    }

    private static String read(Path file) {
        try {
            return Files.readString(file).strip();
        } catch (IOException e) {
            return "";
        }
    }
}
