package io.jtune.xgboost;

import java.util.Objects;

/**
 * Where a trial's {@link TrainingData} comes from and who frees it. A trial {@link #open opens}
 * the data in its setup and {@link #close closes} it when it stops, fails or is paused; what that
 * does depends on the source:
 * <ul>
 *   <li>{@link #perJvm}: the matrices are built once per JVM, on the first trial that needs them,
 *       and shared by every trial of the JVM (threads or a worker process); closing keeps them.</li>
 *   <li>{@link #perTrial}: each trial builds its own matrices and closing frees them.</li>
 * </ul>
 * Both build the data in the JVM that runs the trial, so they work with the process executor and
 * the cluster as with threads (keep the source in a {@code static final} field of the trainable).
 */
public interface DataSource {

    /** The data for one trial. */
    TrainingData open() throws Exception;

    /** Called once for each {@link #open} when the trial no longer needs the data. */
    void close(TrainingData data);

    /** Data built once per JVM by {@code loader}, on first use, and kept for the JVM's lifetime. */
    static DataSource perJvm(Loader loader) {
        return new SharedData(Objects.requireNonNull(loader, "training data loader"));
    }

    /** Data built by {@code loader} for each trial and freed ({@link TrainingData#dispose}) when the trial lets go of it. */
    static DataSource perTrial(Loader loader) {
        Objects.requireNonNull(loader, "training data loader");
        return new DataSource() {
            @Override
            public TrainingData open() throws Exception {
                return SharedData.load(loader);
            }

            @Override
            public void close(TrainingData data) {
                data.dispose();
            }
        };
    }

    /** Builds the matrices (reading files, making {@code DMatrix}es: it may throw what they throw). */
    @FunctionalInterface
    interface Loader {
        TrainingData build() throws Exception;
    }
}
