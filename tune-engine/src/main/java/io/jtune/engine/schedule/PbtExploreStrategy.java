package io.jtune.engine.schedule;

import io.jtune.api.spi.TrialView;
import java.util.Set;

/**
 * How {@link PopulationBasedTraining} picks the config of a bottom trial that exploits a top one,
 * and what it learns from the scores on the way: PBT's random mutations ({@link PbtExplorer}) or
 * PB2's GP bandit ({@link Pb2Explorer}). Called on the driver thread only.
 */
interface PbtExploreStrategy {

    /** The parameter paths it changes (each trial's config must have them). */
    Set<String> paths();

    /** A trial was scored at a perturbation time (Ray's {@code _save_trial_state}); {@code score} is larger-is-better. */
    default void onScore(TrialView trial, double time, double score) {
    }

    /** The config {@code trial} continues with from {@code clone}'s checkpoint. */
    PbtExplorer.Exploration explore(TrialView trial, TrialView clone, SeededRandom random);

    /** Its own state as JSON, or null when it keeps none. */
    default String saveState() {
        return null;
    }

    /** Restores what {@link #saveState} wrote (never called with null). */
    default void restoreState(String json) {
    }
}
