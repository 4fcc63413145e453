package io.jtune.report;

import io.jtune.api.Config;
import io.jtune.api.ConfigurationKeys;
import io.jtune.api.Result;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.api.spi.TrialView;
import java.nio.file.Path;
import java.util.List;
import tensorboard.hparams.Api.Status;

/**
 * Writes TensorBoard event files, as Ray Tune's TensorBoard logger: in each trial folder, a scalar
 * for every numeric value of every result (nested keys joined with '/', step = the
 * {@code training_iteration}) and the HParams plugin's session start (the config's values) and end
 * (its status); in the experiment folder, the HParams experiment summary (every parameter with its
 * type and every metric). Each run of a trial starts a new file
 * ({@code events.out.tfevents.<seconds>.<host>.<n>}, never replacing one; TensorBoard reads them together).
 * The driver thread only hands each event's data (ids, the immutable config and result, the time)
 * to a writer thread ({@link DriverHandOff}), which builds, frames and writes the protobuf events
 * ({@link TensorBoardWriter}); the experiment's end waits for it. Found on the class path like
 * {@link ReportCallback}; {@code -Djtune.tensorboard=false} turns it off.
 */
public final class TensorBoardCallback implements Callback {
    /** The system property that turns the TensorBoard files off ({@code false}). */
    public static final String ENABLED_PROPERTY = ConfigurationKeys.TENSORBOARD;

    private final boolean enabled;
    private ExperimentInfo experiment;
    private TensorBoardWriter writer;
    private DriverHandOff thread;

    /** The callback ServiceLoader makes: enabled unless {@code -Djtune.tensorboard=false}. */
    public TensorBoardCallback() {
        this.enabled = !"false".equalsIgnoreCase(System.getProperty(ENABLED_PROPERTY, "true"));
    }

    @Override
    public void setup(ExperimentInfo info) {
        if (enabled) {
            experiment = info;
            writer = new TensorBoardWriter();
            thread = new DriverHandOff("jtune-tensorboard-" + info.name());
        }
    }

    @Override
    public void onTrialStart(TrialView trial) {
        if (thread != null) {
            String id = trial.id();
            Path dir = trial.localDir();
            Config config = trial.config();
            double now = now();
            thread.submit(() -> writer.start(id, dir, config, now));
        }
    }

    @Override
    public void onTrialResult(TrialView trial, Result result) {
        if (thread != null) {
            String id = trial.id();
            double now = now();
            thread.submit(() -> writer.result(id, result, now));
        }
    }

    @Override
    public void onTrialComplete(TrialView trial) {
        end(trial, Status.STATUS_SUCCESS);
    }

    @Override
    public void onTrialError(TrialView trial, Throwable error) {
        end(trial, Status.STATUS_FAILURE);
    }

    private void end(TrialView trial, Status status) {
        if (thread != null) {
            String id = trial.id();
            long step = trial.lastResult() == null ? 0 : trial.lastResult().trainingIteration();
            double now = now();
            thread.submit(() -> writer.end(id, status, step, now));
        }
    }

    @Override
    public void onExperimentEnd(List<? extends TrialView> trials) {
        if (thread != null) {
            String name = experiment.name();
            Path dir = experiment.dir();
            double now = now();
            try {
                thread.submit(() -> writer.finish(name, dir, now));
            } finally {
                thread.close();
            }
        }
    }

    private static double now() {
        return System.currentTimeMillis() / 1000.0;
    }
}
