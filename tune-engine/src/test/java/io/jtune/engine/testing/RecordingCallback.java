package io.jtune.engine.testing;

import io.jtune.api.Result;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.api.spi.TrialView;
import io.jtune.api.trainable.CheckpointDir;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

/** A test callback recording every call as a line {@code <event> <trial id> [detail]}. */
public final class RecordingCallback implements Callback {
    public final List<String> events = new ArrayList<>();
    public final List<Throwable> errors = new ArrayList<>();
    public ExperimentInfo info;

    @Override
    public void setup(ExperimentInfo experiment) {
        info = experiment;
    }

    @Override
    public void onTrialAdd(TrialView trial) {
        events.add("add " + trial.id() + " " + trial.status());
    }

    @Override
    public void onTrialStart(TrialView trial) {
        events.add("start " + trial.id() + (Files.isDirectory(trial.localDir()) ? "" : " NO-DIR"));
    }

    @Override
    public void onTrialResult(TrialView trial, Result result) {
        events.add("result " + trial.id() + " " + result.trainingIteration());
    }

    @Override
    public void onTrialComplete(TrialView trial) {
        events.add("complete " + trial.id());
    }

    @Override
    public void onTrialError(TrialView trial, Throwable error) {
        events.add("error " + trial.id());
        errors.add(error);
    }

    @Override
    public void onCheckpoint(TrialView trial, CheckpointDir checkpoint) {
        events.add("checkpoint " + trial.id() + " " + checkpoint.path().getFileName());
    }

    @Override
    public void onTrialRestore(TrialView trial, CheckpointDir checkpoint) {
        events.add("restore " + trial.id() + " " + checkpoint.path().getFileName());
    }

    @Override
    public void onExperimentEnd(List<? extends TrialView> trials) {
        events.add("end " + trials.size());
    }

    public List<String> of(String kind) {
        List<String> out = new ArrayList<>();
        for (String e : events) {
            if (e.startsWith(kind + " ")) {
                out.add(e);
            }
        }
        return out;
    }
}
