package io.jtune.xgboost;

import java.util.Objects;
import java.util.function.Supplier;

/** {@link DataSource#perJvm}: builds the data once, under a lock, and never frees it. */
final class SharedData implements DataSource {
    private final Supplier<TrainingData> build;
    private volatile TrainingData data;

    SharedData(Supplier<TrainingData> build) {
        this.build = build;
    }

    @Override
    public TrainingData open() {
        TrainingData built = data;
        if (built == null) {
            synchronized (this) {
                built = data;
                if (built == null) {
                    built = Objects.requireNonNull(build.get(), "the training data supplier returned null");
                    data = built;
                }
            }
        }
        return built;
    }

    @Override
    public void close(TrainingData shared) {
        // shared by the JVM's trials: kept until the JVM exits
    }
}
