package io.jtune.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/** Worker (and driver) JVMs on 127.0.0.1 for the multi-JVM tests: started, signalled and always ended by the test. */
final class WorkerProcesses implements AutoCloseable {
    /** One worker process and its output file. */
    record WorkerProcess(Process process, Path log) {
        long pid() {
            return process.pid();
        }

        String output() {
            try {
                return Files.readString(log);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        void kill() {
            process.destroyForcibly();
            try {
                process.waitFor(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        void signal(String name) {
            try {
                Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(pid())).inheritIO().start();
                kill.waitFor(10, TimeUnit.SECONDS);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        int awaitExit(Duration timeout) throws InterruptedException {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new AssertionError("worker " + pid() + " did not exit within " + timeout + "; its output:\n" + output());
            }
            return process.exitValue();
        }
    }

    /** Worker logs stay here after the test (its temporary folder goes). */
    private static final Path LOGS = Path.of("target", "worker-logs");
    private final List<WorkerProcess> started = new ArrayList<>();

    WorkerProcesses() {
        try {
            Files.createDirectories(LOGS);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Starts {@code io.jtune.cluster.Worker} with this JVM's class path (or {@code classPath}) and {@code args}. */
    WorkerProcess start(String name, String classPath, String... args) {
        return startMain(name, classPath, Worker.class, args);
    }

    /** Starts the program {@code main} with this JVM's class path (or {@code classPath}) and {@code args}. */
    WorkerProcess startMain(String name, String classPath, Class<?> main, String... args) {
        return startMain(name, classPath, List.of(), main, args);
    }

    /** Starts the program {@code main} with this JVM's class path (or {@code classPath}), the JVM options {@code jvmOptions} and {@code args}. */
    WorkerProcess startMain(String name, String classPath, List<String> jvmOptions, Class<?> main, String... args) {
        return startWrapped(name, List.of(), classPath, jvmOptions, main, args);
    }

    /**
     * As {@link #startMain(String, String, List, Class, String...)}, the java command run by
     * {@code wrapper} (e.g. {@code ip netns exec <namespace>}, which execs it in the same process).
     */
    WorkerProcess startWrapped(String name, List<String> wrapper, String classPath, List<String> jvmOptions, Class<?> main, String... args) {
        List<String> command = new ArrayList<>(wrapper);
        command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Dlogback.configurationFile=worker-logback.xml"));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", classPath == null ? System.getProperty("java.class.path") : classPath, main.getName()));
        command.addAll(List.of(args));
        Path log = LOGS.resolve(name + "-" + System.currentTimeMillis() + ".log");
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            WorkerProcess worker = new WorkerProcess(process, log);
            started.add(worker);
            return worker;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Kills (SIGKILL) the started process {@code pid} and waits for its end. */
    void kill(long pid) {
        started.stream().filter(w -> w.pid() == pid).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("process " + pid + " was not started here")).kill();
    }

    /** Polls until {@code condition} holds or fails after {@code timeout}, naming {@code what}. */
    static void await(String what, Duration timeout, BooleanSupplier condition) throws InterruptedException {
        await(what, timeout, condition, List.of());
    }

    /** As {@link #await(String, Duration, BooleanSupplier)}; a timeout's message carries the output of {@code shown}. */
    static void await(String what, Duration timeout, BooleanSupplier condition, List<WorkerProcess> shown) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                StringBuilder message = new StringBuilder("timed out after " + timeout + " waiting for " + what);
                for (WorkerProcess p : shown) {
                    message.append("\n--- output of pid ").append(p.pid()).append(" ---\n").append(p.output());
                }
                throw new AssertionError(message.toString());
            }
            Thread.sleep(50);
        }
    }

    @Override
    public void close() {
        for (WorkerProcess w : started) {
            if (w.process().isAlive()) {
                w.signal("CONT");
                w.kill();
            }
        }
    }
}
