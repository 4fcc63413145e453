package io.jtune.engine.runner.state;

import io.jtune.api.ResourceRequest;
import io.jtune.api.spi.SearchAlgorithm;
import io.jtune.api.spi.Stopper;
import io.jtune.api.spi.TrialScheduler;
import io.jtune.engine.checkpoint.TrackedCheckpoint;
import io.jtune.engine.spec.ExperimentSpec;
import io.jtune.engine.trial.Trial;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.List;
/** Takes the runner's, the settings', the trials' and the components' state as an {@link ExperimentState}. */
public final class ExperimentSnapshot {
    private ExperimentSnapshot() {
    }

    /**
     * {@code searcher}, {@code scheduler} and {@code stoppers} save the state; the spec's instances name their types.
     * The trials' entries are made as they are read ({@link TrialStates}), so serialise the state before the trials change.
     */
    public static ExperimentState take(ExperimentSpec spec, String idPrefix, boolean stopped, List<Trial> trials,
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
        return new ExperimentState(ExperimentState.FORMAT, System.currentTimeMillis() / 1000.0, runner, settings,
                ExperimentState.componentState("searcher", spec.searcher(), searcher.saveState()),
                ExperimentState.componentState("scheduler", spec.scheduler(), scheduler.saveState()),
                stopperStates, new TrialStates(trials, spec.resources()));
    }

    /**
     * The trials' entries, each made when it is read: the snapshot's writer reads them one after the
     * other right after {@link #take}, on the same thread, so a snapshot of 100,000 trials holds one
     * entry (and its config's map) at a time instead of all of them beside the JSON.
     */
    private static final class TrialStates extends AbstractList<ExperimentState.TrialState> {
        private final List<Trial> trials;
        private final ResourceRequest perTrial;

        TrialStates(List<Trial> trials, ResourceRequest perTrial) {
            this.trials = trials;
            this.perTrial = perTrial;
        }

        @Override
        public ExperimentState.TrialState get(int index) {
            return state(trials.get(index), perTrial);
        }

        @Override
        public int size() {
            return trials.size();
        }
    }

    /** The sorted paths of the spec's search space: as the snapshot records them, and the order trial tags list them in. */
    public static List<String> spaceParameters(ExperimentSpec spec) {
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
                t.iteration(), t.timeTotalS(), t.errorTrace(), checkpoints, t.resources().equals(perTrial) ? null : t.resources());
    }
}
