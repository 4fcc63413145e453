package io.jtune.engine.runner;

import io.jtune.api.ResourceRequest;
import io.jtune.api.spi.SearchAlgorithm;
import io.jtune.api.spi.Stopper;
import io.jtune.api.spi.TrialScheduler;
import io.jtune.engine.ExperimentSpec;
import io.jtune.engine.checkpoint.TrackedCheckpoint;
import java.util.ArrayList;
import java.util.List;

/** Takes the runner's, the settings', the trials' and the components' state as an {@link ExperimentState}. */
final class ExperimentSnapshot {
    private ExperimentSnapshot() {
    }

    /** {@code searcher}, {@code scheduler} and {@code stoppers} save the state; the spec's instances name their types. */
    static ExperimentState take(ExperimentSpec spec, String idPrefix, boolean stopped, List<Trial> trials,
                                SearchAlgorithm searcher, TrialScheduler scheduler, List<Stopper> stoppers) {
        ExperimentState.RunnerState runner = ExperimentState.RunnerState.of(spec.name(), spec.trainable().name(), spec.seed(), spec.metric(),
                spec.mode(), idPrefix, stopped, spec.objectives());
        ExperimentState.Settings settings = new ExperimentState.Settings(spec.numSamples(), spec.maxFailures(), spec.failFast(),
                spec.maxConcurrentTrials(), spec.resources(), spec.checkpoint(), spec.reuseTrainables(), spaceParameters(spec),
                spec.deterministicWidth());
        List<ExperimentState.ComponentState> stopperStates = new ArrayList<>();
        for (int i = 0; i < stoppers.size(); i++) {
            stopperStates.add(ExperimentState.componentState("stopper", spec.stoppers().get(i), stoppers.get(i).saveState()));
        }
        List<ExperimentState.TrialState> trialStates = new ArrayList<>(trials.size());
        for (Trial t : trials) {
            trialStates.add(state(t, spec.resources()));
        }
        return new ExperimentState(ExperimentState.FORMAT, System.currentTimeMillis() / 1000.0, runner, settings,
                ExperimentState.componentState("searcher", spec.searcher(), searcher.saveState()),
                ExperimentState.componentState("scheduler", spec.scheduler(), scheduler.saveState()),
                stopperStates, trialStates);
    }

    /** The sorted paths of the spec's search space: as the snapshot records them, and the order trial tags list them in. */
    static List<String> spaceParameters(ExperimentSpec spec) {
        List<String> paths = new ArrayList<>(spec.space().domains().keySet());
        paths.sort(null);
        return List.copyOf(paths);
    }

    private static ExperimentState.TrialState state(Trial t, ResourceRequest perTrial) {
        List<ExperimentState.CheckpointState> checkpoints = new ArrayList<>();
        for (TrackedCheckpoint c : t.checkpoints().all()) {
            checkpoints.add(new ExperimentState.CheckpointState(c.checkpoint().path().toString(), c.iteration(), c.timeTotalS(), c.score()));
        }
        return new ExperimentState.TrialState(t.id(), t.index(), t.name(), t.experimentTag(), t.status(), t.config().toMap(), t.numFailures(),
                t.iteration, t.timeTotalS, t.errorTrace(), checkpoints, t.resources().equals(perTrial) ? null : t.resources());
    }
}
