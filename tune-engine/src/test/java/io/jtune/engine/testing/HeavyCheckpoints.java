package io.jtune.engine.testing;

import io.jtune.api.Config;
import io.jtune.api.trainable.ClassTrainable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** Counts its steps and saves a checkpoint of {@code checkpointMb} MiB (config, default 3) besides its step count. */
public class HeavyCheckpoints implements ClassTrainable {
    private int steps;
    private int megabytes;

    @Override
    public void setup(Config config) {
        megabytes = config.getInt("checkpointMb", 3);
    }

    @Override
    public Map<String, ?> step() {
        steps++;
        return Map.of("steps", steps);
    }

    @Override
    public boolean supportsCheckpoints() {
        return true;
    }

    @Override
    public void save(Path dir) throws Exception {
        Files.write(dir.resolve("weights.bin"), new byte[megabytes << 20]);
        Files.writeString(dir.resolve("steps.txt"), Integer.toString(steps));
    }

    @Override
    public void restore(Path dir) throws Exception {
        steps = Integer.parseInt(Files.readString(dir.resolve("steps.txt")));
    }
}
