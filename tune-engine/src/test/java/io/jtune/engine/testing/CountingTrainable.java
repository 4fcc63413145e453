package io.jtune.engine.testing;

import io.jtune.api.Config;
import io.jtune.api.trainable.ClassTrainable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A class trainable with real state: {@code value} grows by {@code x} a step; it saves and restores
 * that state as a file, resets for reuse, fails when told, and counts its lifecycle calls.
 */
public class CountingTrainable implements ClassTrainable {
    public static final AtomicInteger CREATED = new AtomicInteger();
    public static final AtomicInteger SETUPS = new AtomicInteger();
    public static final AtomicInteger RESETS = new AtomicInteger();
    public static final AtomicInteger RESTORES = new AtomicInteger();
    public static final AtomicInteger CLEANUPS = new AtomicInteger();
    /** Values of x whose planned failure already happened: {@code failAtStep} fails once per x. */
    public static final Set<Double> FAILED = ConcurrentHashMap.newKeySet();

    private double x;
    private double value;
    private int steps;
    private int failAtStep;
    private boolean failAlways;

    public CountingTrainable() {
        CREATED.incrementAndGet();
    }

    public static void resetCounters() {
        CREATED.set(0);
        SETUPS.set(0);
        RESETS.set(0);
        RESTORES.set(0);
        CLEANUPS.set(0);
        FAILED.clear();
    }

    @Override
    public void setup(Config config) {
        SETUPS.incrementAndGet();
        configure(config);
    }

    private void configure(Config config) {
        x = config.getDouble("x", 1);
        failAtStep = config.getInt("failAtStep", -1);
        failAlways = config.has("failAlways") && config.getBoolean("failAlways");
        value = 0;
        steps = 0;
    }

    @Override
    public Map<String, ?> step() {
        steps++;
        if (steps == failAtStep && (failAlways || FAILED.add(x))) {
            throw new IllegalStateException("planned failure at step " + steps);
        }
        value += x;
        return Map.of("value", value, "steps", steps);
    }

    @Override
    public boolean supportsCheckpoints() {
        return true;
    }

    @Override
    public void save(Path dir) throws Exception {
        Files.writeString(dir.resolve("state.txt"), value + " " + steps);
    }

    @Override
    public void restore(Path dir) throws Exception {
        RESTORES.incrementAndGet();
        String[] parts = Files.readString(dir.resolve("state.txt")).split(" ");
        value = Double.parseDouble(parts[0]);
        steps = Integer.parseInt(parts[1]);
    }

    @Override
    public boolean reset(Config newConfig) {
        RESETS.incrementAndGet();
        configure(newConfig);
        return true;
    }

    @Override
    public void cleanup() {
        CLEANUPS.incrementAndGet();
    }
}
