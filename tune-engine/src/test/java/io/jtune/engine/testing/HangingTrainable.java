package io.jtune.engine.testing;

import io.jtune.api.Config;
import io.jtune.api.trainable.ClassTrainable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A trainable whose step number {@code hangAt} (config, default 1) never returns until the test
 * calls {@link #releaseAll()}: it ignores interrupts, as a step stuck in a native call or a spin
 * would. Only the first {@code hangTimes} (config, default no limit) hangs of the test happen;
 * later runs go through. With {@code hangInSave} (config) the save at iteration {@code hangAt}
 * hangs instead. Reports {@code score} = its step count; saves and restores it. Tests call
 * {@link #reset()} before and {@link #releaseAll()} after, so no thread stays stuck.
 */
public final class HangingTrainable implements ClassTrainable {
    /** How many steps are stuck now. */
    public static final AtomicInteger STUCK = new AtomicInteger();
    private static final AtomicInteger HANGS = new AtomicInteger();
    private static volatile CountDownLatch gate = new CountDownLatch(1);

    private int hangAt;
    private int hangTimes;
    private boolean hangInSave;
    private int steps;

    public static void reset() {
        gate = new CountDownLatch(1);
        STUCK.set(0);
        HANGS.set(0);
    }

    public static void releaseAll() {
        gate.countDown();
    }

    @Override
    public void setup(Config config) {
        hangAt = config.getInt("hangAt", 1);
        hangTimes = config.getInt("hangTimes", Integer.MAX_VALUE);
        hangInSave = config.has("hangInSave") && config.getBoolean("hangInSave");
    }

    @Override
    public Map<String, ?> step() {
        steps++;
        if (!hangInSave && steps == hangAt) {
            hang();
        }
        return Map.of("score", steps);
    }

    @Override
    public boolean supportsCheckpoints() {
        return true;
    }

    @Override
    public void save(Path dir) throws IOException {
        if (hangInSave && steps == hangAt) {
            hang();
        }
        Files.writeString(dir.resolve("steps.txt"), Integer.toString(steps));
    }

    @Override
    public void restore(Path dir) throws IOException {
        steps = Integer.parseInt(Files.readString(dir.resolve("steps.txt")));
    }

    private void hang() {
        if (HANGS.getAndIncrement() >= hangTimes) {
            return;
        }
        CountDownLatch waitFor = gate;
        STUCK.incrementAndGet();
        try {
            while (true) {
                try {
                    waitFor.await();
                    return;
                } catch (InterruptedException ignored) {
                    // a step that will not stop: the interrupt is swallowed
                }
            }
        } finally {
            STUCK.decrementAndGet();
        }
    }
}
