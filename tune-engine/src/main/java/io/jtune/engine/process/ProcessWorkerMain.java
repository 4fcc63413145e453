package io.jtune.engine.process;

import io.jtune.engine.process.FrameDecoder.Stray;
import io.jtune.engine.remote.Command;
import io.jtune.engine.remote.Event;
import io.jtune.engine.remote.TrialHost;
import io.jtune.engine.remote.WireFormat;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * The program of a trial process: reads {@link Command}s as {@link Frames} from stdin, runs them
 * with a {@link TrialHost}, and writes {@link Event}s as frames to stdout, each before the thread
 * that sent it goes on ({@link EventWriter}). Before any user code runs,
 * {@code System.out} is pointed at stderr, so a trainable's prints cannot mix with the protocol.
 * It listens on no socket.
 *
 * <p>It never outlives its driver: it exits when stdin closes (the driver closed it or died), and a
 * watchdog halts it when the driver's process (its PID is the only argument) is gone. Processes a
 * trial started end with its run, and any left end with this program.
 */
public final class ProcessWorkerMain {
    private static final long WATCH_PERIOD_MILLIS = 500;

    private ProcessWorkerMain() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: ProcessWorkerMain <driver pid>; this program is started by the process executor of jtune");
            System.exit(2);
        }
        EventWriter protocol = new EventWriter(new FileOutputStream(FileDescriptor.out));
        System.setOut(new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8));
        watchDriver(Long.parseLong(args[0]));
        // runs started and not yet ended: the driver may start the next trial here before the last one's thread has left,
        // so this JVM's processes belong to the runs that ended only when none is left running; a run starts only after
        // such an ending has ended them (under the lock), so the new run's own processes are never among them
        int[] runs = {0};
        Object runsLock = new Object();
        TrialHost host = new TrialHost(Thread.currentThread().getContextClassLoader(), event -> {
            if (event instanceof Event.RunEnded) {
                synchronized (runsLock) {
                    if (--runs[0] == 0) {
                        ChildProcesses.endOwn();
                    }
                }
            }
            protocol.send(event);
        });
        protocol.send(new Event.Ready(WireFormat.PROTOCOL_VERSION, ProcessHandle.current().pid()));
        FrameDecoder in = new FrameDecoder(System.in);
        for (Object message = in.next(); message != null; message = in.next()) {
            if (!(message instanceof Command command)) {
                throw new IOException("the driver sent " + (message instanceof Stray s ? "a line that is not a frame: " + s.line() : message));
            }
            if (command instanceof Command.StartTrial) {
                synchronized (runsLock) {
                    runs[0]++;
                }
            }
            host.handle(command);
            if (command instanceof Command.Shutdown) {
                break;
            }
        }
        exit();
    }

    /** Halts this JVM when the driver's process is gone, whatever the trials are doing. */
    private static void watchDriver(long driverPid) {
        Thread watchdog = new Thread(() -> {
            while (ProcessHandle.of(driverPid).map(ProcessHandle::isAlive).orElse(false)) {
                try {
                    TimeUnit.MILLISECONDS.sleep(WATCH_PERIOD_MILLIS);
                } catch (InterruptedException e) {
                    return;
                }
            }
            ChildProcesses.kill(ProcessHandle.current().descendants().toList());
            Runtime.getRuntime().halt(0);
        }, "jtune-driver-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
    }

    /** Exits (running shutdown hooks), or halts when a hook or a trial thread keeps the JVM from it. */
    private static void exit() {
        Thread halt = new Thread(() -> {
            try {
                TimeUnit.SECONDS.sleep(5);
            } catch (InterruptedException e) {
                return;
            }
            Runtime.getRuntime().halt(0);
        }, "jtune-exit-deadline");
        halt.setDaemon(true);
        halt.start();
        ChildProcesses.endOwn();
        System.exit(0);
    }
}
