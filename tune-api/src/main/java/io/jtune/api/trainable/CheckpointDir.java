package io.jtune.api.trainable;

import java.nio.file.Path;
import java.util.Objects;

/**
 * A checkpoint: a directory of files a trainable wrote. Checkpoints cross the executor boundary
 * as this value (a path), never as live objects.
 */
public record CheckpointDir(Path path) {
    public CheckpointDir {
        Objects.requireNonNull(path, "checkpoint path");
    }

    public static CheckpointDir fromDirectory(Path dir) {
        return new CheckpointDir(dir);
    }
}
