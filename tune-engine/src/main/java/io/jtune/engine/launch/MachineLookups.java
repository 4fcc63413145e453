package io.jtune.engine.launch;

import io.jtune.api.ResourceRequest;
import io.jtune.engine.exec.LocalHost;
import io.jtune.engine.spec.DetectedMachine;
import java.util.TimeZone;

/**
 * Reads, on a daemon thread started when the {@link io.jtune.engine.Tuner} class loads, what every run asks of
 * the machine and a fresh JVM takes tens of milliseconds to read the first time: the machine's
 * resources (its GPUs through {@code nvidia-smi}; the memory is read only when asked for), the
 * host's name and address and the process's id (results' {@code hostname}, {@code node_ip} and
 * {@code pid}) and the time zone behind results' {@code date}. The driver's set-up goes on
 * meanwhile and finds them read, or waits for the read under way; a read that fails here fails
 * again where the driver asks for it, which reports it.
 */
public final class MachineLookups extends Thread {
    private MachineLookups() {
        super("jtune-machine-lookups");
        setDaemon(true);
    }

    /** Starts the reads. */
    public static void begin() {
        new MachineLookups().start();
    }

    @Override
    public void run() {
        try {
            // in the order a run needs them: the resources when the experiment is set up, then the first result's fields
            DetectedMachine.resources();
            TimeZone.getDefault().getOffset(System.currentTimeMillis());
            LocalHost.name();
        } catch (RuntimeException | LinkageError e) {
            // left for the driver's own read to report
        }
    }
}
