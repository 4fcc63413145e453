package io.jtune.engine.testing;

import io.jtune.api.Config;
import io.jtune.api.trainable.Trainable;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A trainable whose step number {@code hangAt} (config, default 1) never returns until the test
 * calls {@link #releaseAll()}: it ignores interrupts, as a step stuck in a native call or a spin
 * would. Reports {@code score} = its step count. Tests call {@link #reset()} before and
 * {@link #releaseAll()} after, so no thread stays stuck.
 */
public final class HangingTrainable implements Trainable {
    /** How many steps are stuck now. */
    public static final AtomicInteger STUCK = new AtomicInteger();
    private static volatile CountDownLatch gate = new CountDownLatch(1);

    private int hangAt;
    private int steps;

    public static void reset() {
        gate = new CountDownLatch(1);
        STUCK.set(0);
    }

    public static void releaseAll() {
        gate.countDown();
    }

    @Override
    public void setup(Config config) {
        hangAt = config.getInt("hangAt", 1);
    }

    @Override
    public Map<String, ?> step() {
        steps++;
        if (steps == hangAt) {
            hang();
        }
        return Map.of("score", steps);
    }

    private static void hang() {
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
