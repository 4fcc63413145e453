package io.jtune.engine.process;

import io.jtune.engine.process.FrameDecoder.Stray;
import io.jtune.engine.remote.Command;
import io.jtune.engine.remote.Event;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One worker JVM ({@link ProcessWorkerMain}) and its pipes. Two daemon threads read it: one decodes
 * the {@link Frames} of its stdout into {@link Event}s, one keeps the last lines of its stderr (and
 * passes them on to this JVM's stderr, prefixed with the worker's PID). Both hand what they see to
 * {@code inbox}, in order; {@link Exited} comes last, after the stderr tail is complete. Commands
 * are buffered by {@link #send} and written by {@link #flush}, so the commands of one pass of the
 * driver cost one write.
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

    /**
     * The worker has exited; {@code unreadable} says what was wrong with its stdout when a frame
     * could not be read (null when none), {@code killedForIt} whether the driver killed it for that.
     */
    record Exited(WorkerProcess from, int exitCode, String unreadable, boolean killedForIt) implements Message {
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
    private final OutputStream stdin;
    private final FrameEncoder commands = new FrameEncoder();
    private final ArrayDeque<String> tail = new ArrayDeque<>();
    private final long startedNanos = System.nanoTime();
    /** Driver thread only: the worker has exited, or was killed. */
    boolean gone;

    private WorkerProcess(Process process, WorkerShape shape) {
        this.process = process;
        this.shape = shape;
        this.stdin = process.getOutputStream();
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
            String unreadable = null;
            boolean killedForIt = false;
            FrameDecoder frames = new FrameDecoder(process.getInputStream());
            try {
                for (Object message = frames.next(); message != null; message = frames.next()) {
                    if (message instanceof Event event) {
                        inbox.accept(new Inbound(this, event));
                    } else {
                        stray(message instanceof Stray s ? s.line() : "a command, not an event: " + message);
                    }
                }
            } catch (UnreadableFrameException e) {
                unreadable = e.getMessage();
                killedForIt = !e.cutOff();
                if (killedForIt) {
                    kill(); // what follows cannot be told apart from what went wrong
                }
            } catch (IOException e) {
                remember("(stdout of the worker could not be read: " + e + ")");
            }
            try {
                int code = process.waitFor();
                err.join(TimeUnit.SECONDS.toMillis(5));
                inbox.accept(new Exited(this, code, unreadable, killedForIt));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    /** Output on the worker's stdout that is not a frame (native code writing to file descriptor 1), kept as stderr. */
    private void stray(String line) {
        remember(line);
        System.err.println("(trial worker pid=" + pid() + ", stdout) " + line);
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

    /** Buffers a command for the next {@link #flush}. */
    void send(Command command) {
        commands.command(command);
    }

    /** True when commands wait for {@link #flush}. */
    boolean hasUnflushed() {
        return commands.buffered() > 0;
    }

    /** Writes the buffered commands; false when the worker no longer reads (its exit is reported separately). */
    boolean flush() {
        try {
            commands.writeTo(stdin);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Asks the worker to stop its runs and exit, and closes its stdin. */
    void shutdown() {
        send(new Command.Shutdown());
        flush();
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
