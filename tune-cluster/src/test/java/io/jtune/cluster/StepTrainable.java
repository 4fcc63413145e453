package io.jtune.cluster;

import io.jtune.api.Config;
import io.jtune.api.trainable.ClassTrainable;
import io.jtune.cluster.node.Sha256;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A deterministic trainable for the cluster tests: {@code score = x * iteration}, reports the pid
 * of the process it runs in and the iteration it restored from (0: none), sleeps {@code stepMillis}
 * a step, checkpoints its iteration (plus {@code payloadKb} KiB of bytes when asked, checked by
 * SHA-256 on restore), fails once at iteration {@code failAt} of a run
 * that did not restore, and is done at iteration {@code iterations} (a training_iteration bound
 * that, unlike a count of results, holds across restores). With {@code stepsDir} it notes each
 * step there as an empty file ({@code <pid>-<iteration>}), so a test can count the steps taken.
 */
public class StepTrainable implements ClassTrainable {
    private double x;
    private long stepMillis;
    private int payloadKb;
    private long failAt;
    private long iterations;
    private long iteration;
    private boolean restored;
    private long restoredFrom;
    private Path stepsDir;
    static final String PAYLOAD = "payload.bin";

    @Override
    public void setup(Config config) {
        x = config.getDouble("x");
        stepMillis = config.getInt("stepMillis", 0);
        payloadKb = config.getInt("payloadKb", 0);
        failAt = config.getInt("failAt", -1);
        iterations = config.getInt("iterations", -1);
        String steps = config.getString("stepsDir", null);
        stepsDir = steps == null ? null : Path.of(steps);
    }

    @Override
    public Map<String, ?> step() throws InterruptedException, IOException {
        iteration++;
        if (stepsDir != null) {
            Files.createFile(stepsDir.resolve(ProcessHandle.current().pid() + "-" + iteration));
        }
        if (iteration == failAt && !restored) {
            throw new IllegalStateException("planned failure at iteration " + iteration);
        }
        Thread.sleep(stepMillis);
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("score", x * iteration);
        metrics.put("worker_pid", ProcessHandle.current().pid());
        metrics.put("restored_from", restoredFrom);
        if (iteration == iterations) {
            metrics.put("done", true);
        }
        return metrics;
    }

    @Override
    public void save(Path dir) throws IOException {
        Files.writeString(dir.resolve("state"), Long.toString(iteration));
        if (payloadKb > 0) {
            try (OutputStream out = Files.newOutputStream(dir.resolve(PAYLOAD))) {
                writePayload(out, payloadKb);
            }
        }
    }

    /** The payload of {@code kb} KiB: each KiB block starts with its index, so a reordered or lost block changes the digest. */
    static void writePayload(OutputStream out, int kb) throws IOException {
        byte[] block = new byte[1024];
        for (int i = 0; i < kb; i++) {
            block[0] = (byte) i;
            block[1] = (byte) (i >> 8);
            block[2] = (byte) (i >> 16);
            out.write(block);
        }
    }

    /** The SHA-256 (hex) a payload of {@code kb} KiB must have. */
    static String payloadDigest(int kb) {
        MessageDigest digest = Sha256.newDigest();
        try (OutputStream out = new DigestOutputStream(OutputStream.nullOutputStream(), digest)) {
            writePayload(out, kb);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Sha256.hex(digest);
    }

    /** The SHA-256 (hex) of {@code file}. */
    static String digestOf(Path file) throws IOException {
        MessageDigest digest = Sha256.newDigest();
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), digest)) {
            in.transferTo(OutputStream.nullOutputStream());
        }
        return Sha256.hex(digest);
    }

    @Override
    public void restore(Path dir) throws IOException {
        iteration = Long.parseLong(Files.readString(dir.resolve("state")).strip());
        restored = true;
        restoredFrom = iteration;
        if (payloadKb > 0 && !digestOf(dir.resolve(PAYLOAD)).equals(payloadDigest(payloadKb))) {
            throw new IOException("the restored " + PAYLOAD + " (" + Files.size(dir.resolve(PAYLOAD)) + " bytes) is not the one saved");
        }
    }

    @Override
    public boolean supportsCheckpoints() {
        return true;
    }
}
