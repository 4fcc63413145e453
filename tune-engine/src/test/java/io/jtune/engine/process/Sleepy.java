package io.jtune.engine.process;

import io.jtune.api.Config;
import io.jtune.api.trainable.Trainable;
import java.util.Map;

/** Takes 50 ms a step, for as many steps as it is asked. */
public final class Sleepy implements Trainable {
    private int step;

    @Override
    public void setup(Config config) {
    }

    @Override
    public Map<String, ?> step() throws InterruptedException {
        Thread.sleep(50);
        return Map.of("step", ++step);
    }
}
