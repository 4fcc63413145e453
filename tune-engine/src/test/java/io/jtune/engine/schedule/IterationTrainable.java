package io.jtune.engine.schedule;

import io.jtune.api.trainable.ClassTrainable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** A test trainable whose whole state is its iteration count, saved and restored as a file. */
public abstract class IterationTrainable implements ClassTrainable {
    private int t;

    /** The metrics of iteration {@code t} (1, 2, ...). */
    protected abstract Map<String, ?> metricsAt(int t);

    @Override
    public final Map<String, ?> step() {
        t++;
        return metricsAt(t);
    }

    @Override
    public final boolean supportsCheckpoints() {
        return true;
    }

    @Override
    public final void save(Path dir) throws Exception {
        Files.writeString(dir.resolve("t"), Integer.toString(t));
    }

    @Override
    public final void restore(Path dir) throws Exception {
        t = Integer.parseInt(Files.readString(dir.resolve("t")).trim());
    }
}
