package io.jtune.engine.process;

import io.jtune.api.Config;
import io.jtune.api.trainable.ClassTrainable;
import java.util.Map;

/** Takes {@code stepMillis} of its config (default 50 ms) a step, for as many steps as it is asked. */
public final class Sleepy implements ClassTrainable {
    private int step;
    private long stepMillis;

    @Override
    public void setup(Config config) {
        stepMillis = config.getInt("stepMillis", 50);
    }

    @Override
    public Map<String, ?> step() throws InterruptedException {
        Thread.sleep(stepMillis);
        return Map.of("step", ++step);
    }
}
