package io.jtune.engine.process;

import java.util.List;
import java.util.Map;

/**
 * A trial's worker JVM ended under it: {@code System.exit}, {@code Runtime.halt}, a crash, a
 * signal or an {@link OutOfMemoryError}, or the driver killed it because its stdout held a frame
 * that cannot be read. The message names the trial, the worker's PID and the cause (exit code,
 * signal or the unreadable frame) and quotes the worker's last stderr lines.
 */
public final class WorkerLostError extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private static final Map<Integer, String> SIGNALS = Map.of(1, "SIGHUP", 2, "SIGINT", 3, "SIGQUIT", 4, "SIGILL", 6, "SIGABRT",
            7, "SIGBUS", 8, "SIGFPE", 9, "SIGKILL", 11, "SIGSEGV", 15, "SIGTERM");

    private final int exitCode;

    WorkerLostError(String trial, WorkerProcess.Exited exited, List<String> stderrTail) {
        super(message(trial, exited, stderrTail), null, false, false);
        this.exitCode = exited.exitCode();
    }

    /** The worker's exit code (128 + n when signal n ended it). */
    public int exitCode() {
        return exitCode;
    }

    private static String message(String trial, WorkerProcess.Exited exited, List<String> tail) {
        int exitCode = exited.exitCode();
        WorkerShape shape = exited.from().shape();
        StringBuilder m = new StringBuilder("trial ").append(trial).append(": its worker process (pid ").append(exited.from().pid()).append(") ");
        boolean outOfMemory = tail.stream().anyMatch(l -> l.contains("java.lang.OutOfMemoryError"));
        if (exited.killedForIt()) {
            m.append("wrote output the driver cannot read on its stdout (").append(exited.unreadable())
                    .append(") and was killed; native code writing binary data to file descriptor 1, or a worker of another jtune version, does this");
        } else if (outOfMemory) {
            m.append("ran out of memory (java.lang.OutOfMemoryError");
            m.append(shape.heapMiB() > 0 ? " under its heap limit -Xmx" + shape.heapMiB() + "m" : " under the JVM's default heap limit");
            m.append(") and exited with code ").append(exitCode).append("; ask for more memory per trial (Tuner.resources(...withMemory(bytes)) or @Resources(memoryMb))");
        } else if (exitCode > 128 && exitCode < 128 + 65) {
            int signal = exitCode - 128;
            m.append("was killed by signal ").append(signal).append(SIGNALS.containsKey(signal) ? " (" + SIGNALS.get(signal) + ")" : "")
                    .append(", exit code ").append(exitCode);
        } else {
            m.append("exited with code ").append(exitCode).append(" while the trial ran (System.exit, Runtime.halt or a crash in the trainable)");
        }
        if (exited.unreadable() != null && !exited.killedForIt()) {
            m.append("; it died while writing: ").append(exited.unreadable());
        }
        if (tail.isEmpty()) {
            m.append("; it wrote nothing to stderr");
        } else {
            m.append("; its last stderr lines:");
            tail.forEach(line -> m.append("\n  ").append(line));
        }
        return m.toString();
    }
}
