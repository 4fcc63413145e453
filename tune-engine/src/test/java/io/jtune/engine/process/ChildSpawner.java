package io.jtune.engine.process;

import io.jtune.api.Config;
import io.jtune.api.trainable.ClassTrainable;
import java.io.IOException;
import java.util.Map;

/**
 * Starts a child process ({@code sleep 300}, standing for a data loader or a tool holding a GPU) at
 * setup and reports its PID with every step; takes {@code stepMillis} a step (default 20 ms).
 */
public final class ChildSpawner implements ClassTrainable {
    private Process child;
    private long stepMillis;

    @Override
    public void setup(Config config) {
        stepMillis = config.getInt("stepMillis", 20);
        try {
            child = new ProcessBuilder("sleep", "300").start();
        } catch (IOException e) {
            throw new IllegalStateException("cannot start the child process: " + e, e);
        }
    }

    @Override
    public Map<String, ?> step() throws InterruptedException {
        Thread.sleep(stepMillis);
        return Map.of("child_pid", child.pid());
    }
}
