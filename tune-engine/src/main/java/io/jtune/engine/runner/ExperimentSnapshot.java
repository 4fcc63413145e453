package io.jtune.engine.runner;

import com.fasterxml.jackson.databind.JsonNode;
import io.jtune.api.spi.Stopper;
import io.jtune.engine.ExperimentSpec;
import io.jtune.engine.checkpoint.TrackedCheckpoint;
import java.util.ArrayList;
import java.util.List;

/** Takes the runner's, the trials' and the components' state as an {@link ExperimentState}. */
final class ExperimentSnapshot {
    private ExperimentSnapshot() {
    }

    static ExperimentState take(ExperimentSpec spec, String idPrefix, boolean stopped, List<Trial> trials) {
        ExperimentState.RunnerState runner = new ExperimentState.RunnerState(spec.name(), spec.trainable().name(), spec.seed(), spec.metric(),
                spec.mode() == null ? null : spec.mode().toString(), idPrefix, stopped);
        List<JsonNode> stoppers = new ArrayList<>();
        for (Stopper s : spec.stoppers()) {
            stoppers.add(ExperimentState.componentState("stopper " + s.getClass().getName(), s.saveState()));
        }
        List<ExperimentState.TrialState> trialStates = new ArrayList<>(trials.size());
        for (Trial t : trials) {
            trialStates.add(state(t));
        }
        return new ExperimentState(ExperimentState.FORMAT, System.currentTimeMillis() / 1000.0, runner,
                ExperimentState.componentState("searcher " + spec.searcher().getClass().getName(), spec.searcher().saveState()),
                ExperimentState.componentState("scheduler " + spec.scheduler().getClass().getName(), spec.scheduler().saveState()),
                stoppers, trialStates);
    }

    private static ExperimentState.TrialState state(Trial t) {
        List<ExperimentState.CheckpointState> checkpoints = new ArrayList<>();
        for (TrackedCheckpoint c : t.checkpoints().all()) {
            checkpoints.add(new ExperimentState.CheckpointState(c.checkpoint().path().toString(), c.iteration(), c.timeTotalS(), c.score()));
        }
        return new ExperimentState.TrialState(t.id(), t.index(), t.name(), t.experimentTag(), t.status(), t.config().toMap(), t.numFailures(),
                t.iteration, t.timeTotalS, t.errorTrace(), checkpoints);
    }
}
