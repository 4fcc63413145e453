package io.jtune.cluster;

import io.jtune.api.Config;
import io.jtune.api.trainable.Trainable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A deterministic trainable for the cluster tests: {@code score = x * iteration}, reports the pid
 * of the process it runs in, sleeps {@code stepMillis} a step, checkpoints its iteration (plus
 * {@code payloadKb} KiB of bytes when asked), fails once at iteration {@code failAt} of a run
 * that did not restore, and is done at iteration {@code iterations} (a training_iteration bound
 * that, unlike a count of results, holds across restores).
 */
public class StepTrainable implements Trainable {
    private double x;
    private long stepMillis;
    private int payloadKb;
    private long failAt;
    private long iterations;
    private long iteration;
    private boolean restored;

    @Override
    public void setup(Config config) {
        x = config.getDouble("x");
        stepMillis = config.getInt("stepMillis", 0);
        payloadKb = config.getInt("payloadKb", 0);
        failAt = config.getInt("failAt", -1);
        iterations = config.getInt("iterations", -1);
    }

    @Override
    public Map<String, ?> step() throws InterruptedException {
        iteration++;
        if (iteration == failAt && !restored) {
            throw new IllegalStateException("planned failure at iteration " + iteration);
        }
        Thread.sleep(stepMillis);
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("score", x * iteration);
        metrics.put("worker_pid", ProcessHandle.current().pid());
        if (iteration == iterations) {
            metrics.put("done", true);
        }
        return metrics;
    }

    @Override
    public void save(Path dir) throws IOException {
        Files.writeString(dir.resolve("state"), Long.toString(iteration));
        if (payloadKb > 0) {
            byte[] block = new byte[1024];
            try (OutputStream out = Files.newOutputStream(dir.resolve("payload.bin"))) {
                for (int i = 0; i < payloadKb; i++) {
                    block[0] = (byte) i;
                    block[1] = (byte) (i >> 8);
                    out.write(block);
                }
            }
        }
    }

    @Override
    public void restore(Path dir) throws IOException {
        iteration = Long.parseLong(Files.readString(dir.resolve("state")).strip());
        restored = true;
        if (payloadKb > 0 && Files.size(dir.resolve("payload.bin")) != payloadKb * 1024L) {
            throw new IOException("restored payload has " + Files.size(dir.resolve("payload.bin")) + " bytes, wanted " + payloadKb * 1024L);
        }
    }

    @Override
    public boolean supportsCheckpoints() {
        return true;
    }
}
