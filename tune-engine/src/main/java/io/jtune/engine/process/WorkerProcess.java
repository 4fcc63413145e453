package io.jtune.engine.process;

import io.jtune.engine.remote.Command;
import io.jtune.engine.remote.Event;
import io.jtune.engine.remote.WireFormat;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One worker JVM ({@link ProcessWorkerMain}) and its pipes. Two daemon threads read it: one parses
 * its stdout into {@link Event}s, one keeps the last lines of its stderr (and passes them on to
 * this JVM's stderr, prefixed with the worker's PID). Both hand what they see to {@code inbox}, in
 * order; {@link Exited} comes last, after the stderr tail is complete.
 */
final class WorkerProcess {
    /** How many of the worker's last stderr lines a failure report quotes. */
    static final int TAIL_LINES = 40;

    /** What the reader threads hand to the executor (and the executor to itself, to wake its driver). */
    sealed interface Message {
        WorkerProcess from();
    }

    record Inbound(WorkerProcess from, Event event) implements Message {
    }

    record Exited(WorkerProcess from, int exitCode) implements Message {
    }

    /** Not a worker's: posted by {@link ProcessTrialExecutor#wakeDriver} to end the driver's wait for events. */
    record WakeDriver() implements Message {
        @Override
        public WorkerProcess from() {
            return null;
        }
    }

    private final Process process;
    private final WorkerShape shape;
    private final Writer stdin;
    private final ArrayDeque<String> tail = new ArrayDeque<>();
    private final long startedNanos = System.nanoTime();
    /** Driver thread only: the worker has exited, or was killed. */
    boolean gone;

    private WorkerProcess(Process process, WorkerShape shape) {
        this.process = process;
        this.shape = shape;
        this.stdin = new BufferedWriter(new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8));
    }

    /** Starts a worker JVM of this shape. */
    static WorkerProcess start(ProcessOptions options, WorkerShape shape, Consumer<Message> inbox) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(options.java().toString());
        command.addAll(options.jvmOptions());
        command.addAll(shape.jvmOptions());
        command.add("-XX:+ExitOnOutOfMemoryError");
        command.add("-cp");
        command.add(options.classPath());
        command.add(ProcessWorkerMain.class.getName());
        command.add(Long.toString(ProcessHandle.current().pid()));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().put("CUDA_VISIBLE_DEVICES", shape.cudaVisibleDevices());
        WorkerProcess worker = new WorkerProcess(builder.start(), shape);
        worker.read(inbox);
        return worker;
    }

    private void read(Consumer<Message> inbox) {
        Thread err = daemon("err", () -> {
            try (BufferedReader r = reader(process.getErrorStream())) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                    remember(line);
                    System.err.println("(trial worker pid=" + pid() + ") " + line);
                }
            } catch (IOException e) {
                remember("(stderr of the worker could not be read: " + e + ")");
            }
        });
        daemon("out", () -> {
            try (BufferedReader r = reader(process.getInputStream())) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                    Event event = parse(line);
                    if (event != null) {
                        inbox.accept(new Inbound(this, event));
                    }
                }
            } catch (IOException e) {
                remember("(stdout of the worker could not be read: " + e + ")");
            }
            try {
                int code = process.waitFor();
                err.join(TimeUnit.SECONDS.toMillis(5));
                inbox.accept(new Exited(this, code));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    /** The event on the line, or null for stray output (native code writing to file descriptor 1), kept as stderr. */
    private Event parse(String line) {
        try {
            return WireFormat.readEvent(line);
        } catch (IllegalArgumentException e) {
            remember(line);
            System.err.println("(trial worker pid=" + pid() + ", stdout) " + line);
            return null;
        }
    }

    private static BufferedReader reader(java.io.InputStream in) {
        return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    }

    private Thread daemon(String stream, Runnable body) {
        Thread t = new Thread(body, "jtune-worker-" + pid() + "-" + stream);
        t.setDaemon(true);
        t.start();
        return t;
    }

    private void remember(String line) {
        synchronized (tail) {
            if (tail.size() == TAIL_LINES) {
                tail.removeFirst();
            }
            tail.addLast(line);
        }
    }

    /** The worker's last stderr lines, oldest first. */
    List<String> tail() {
        synchronized (tail) {
            return new ArrayList<>(tail);
        }
    }

    long pid() {
        return process.pid();
    }

    WorkerShape shape() {
        return shape;
    }

    long startedNanos() {
        return startedNanos;
    }

    /** Sends a command; false when the worker no longer reads (its exit is reported separately). */
    boolean send(Command command) {
        try {
            stdin.write(WireFormat.write(command));
            stdin.write('\n');
            stdin.flush();
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Asks the worker to stop its runs and exit, and closes its stdin. */
    void shutdown() {
        send(new Command.Shutdown());
        try {
            stdin.close();
        } catch (IOException e) {
            // the worker is gone already; its exit is reported by the reader
        }
    }

    /** Ends the worker and the processes it started at once (SIGKILL). */
    void kill() {
        List<ProcessHandle> tree = process.descendants().toList();
        process.destroyForcibly();
        ChildProcesses.kill(tree);
    }

    /** Waits until the worker has exited, at most until {@code deadlineNanos}; true when it has. */
    boolean awaitExit(long deadlineNanos) throws InterruptedException {
        return process.waitFor(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
    }

    boolean isAlive() {
        return process.isAlive();
    }
}
