package io.jtune.xgboost;

import java.util.Objects;

/** {@link DataSource#perJvm}: builds the data once, under a lock, and never frees it. */
final class SharedData implements DataSource {
    private final Loader loader;
    private volatile TrainingData data;

    SharedData(Loader loader) {
        this.loader = loader;
    }

    @Override
    public TrainingData open() throws Exception {
        TrainingData built = data;
        if (built == null) {
            synchronized (this) {
                built = data;
                if (built == null) {
                    built = load(loader);
                    data = built;
                }
            }
        }
        return built;
    }

    /** What {@code loader} builds, refused when null. */
    static TrainingData load(Loader loader) throws Exception {
        return Objects.requireNonNull(loader.build(), "the training data loader returned null: return the TrainingData it built");
    }

    @Override
    public void close(TrainingData shared) {
        // shared by the JVM's trials: kept until the JVM exits
    }
}
