package io.jtune.engine.process;

import io.jtune.api.Config;
import io.jtune.api.trainable.Session;
import io.jtune.api.trainable.TrainFunction;
import io.jtune.api.trainable.ClassTrainable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Notes each step in the folder {@code stepsDir} of its config ({@link StepFiles}), after sleeping
 * {@code stepMillis} (default 0), and reports it as
 * {@code step} in one metrics map it overwrites; saves its step and, once restored, reports the
 * iteration it restored from as {@code restored_from}.
 */
public final class CountedSteps implements ClassTrainable {
    private final Map<String, Object> metrics = new HashMap<>();
    private Path stepsDir;
    private int stepMillis;
    private long step;

    @Override
    public void setup(Config config) {
        stepsDir = Path.of(config.getString("stepsDir"));
        stepMillis = config.getInt("stepMillis", 0);
        metrics.put("restored_from", 0L);
    }

    @Override
    public Map<String, ?> step() throws InterruptedException {
        if (stepMillis > 0) {
            Thread.sleep(stepMillis);
        }
        StepFiles.mark(stepsDir, ++step);
        metrics.put("step", step);
        return metrics;
    }

    @Override
    public void save(Path dir) throws IOException {
        Files.writeString(dir.resolve("state"), Long.toString(step));
    }

    @Override
    public void restore(Path dir) throws IOException {
        step = Long.parseLong(Files.readString(dir.resolve("state")));
        metrics.put("restored_from", step);
    }

    @Override
    public boolean supportsCheckpoints() {
        return true;
    }

    /** The same as a function trainable: reports steps until stopped, without checkpoints. */
    public static final class Reports implements TrainFunction {
        @Override
        public void train(Config config, Session session) {
            Path dir = Path.of(config.getString("stepsDir"));
            Map<String, Object> metrics = new HashMap<>();
            for (long step = 1; ; step++) {
                StepFiles.mark(dir, step);
                metrics.put("step", step);
                session.report(metrics);
            }
        }
    }
}
