package io.jtune.engine.process;

import io.jtune.api.ResourceRequest;
import io.jtune.engine.Tuner;
import java.nio.file.Path;
import java.util.Map;

/** A driver JVM for {@link WorkersDieWithTheirDriverTest}: two endless trials in worker JVMs, until it is killed. */
public final class KilledDriver {
    private KilledDriver() {
    }

    public static void main(String[] args) {
        Tuner.of(Sleepy.class)
                .numSamples(2)
                .machineResources(new ResourceRequest(2, 0, 1L << 30, Map.of()))
                .executor(ProcessExecutorFaultsTest.FAST_START.executor())
                .storagePath(Path.of(args[0]))
                .progress(false)
                .fit();
    }
}
