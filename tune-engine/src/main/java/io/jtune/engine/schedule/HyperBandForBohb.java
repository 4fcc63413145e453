package io.jtune.engine.schedule;

import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.spi.RunnerView;
import io.jtune.api.spi.TrialView;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Ray Tune's {@code HyperBandForBOHB}: {@link HyperBandScheduler} without pipelining, for the BOHB
 * searcher. Bands fill their largest bracket ({@code s = s_max}) first; a trial that reaches its
 * milestone pauses even while its bracket is not yet filled, so the searcher can add trials; a
 * bracket is halved once all its live trials are paused at the milestone, or, when no trial runs at
 * all, by {@link #chooseTrialToRun}.
 *
 * <p>The searcher learns the budgets through a {@link Listener} (Ray Tune passes them in the result
 * as {@code hyperband_info.budget} and calls the searcher's {@code on_pause}/{@code on_unpause}).
 */
public final class HyperBandForBohb extends HyperBandScheduler {

    /** What a BOHB searcher hears from the scheduler. Called on the driver thread. */
    public interface Listener {
        /** The trial reached its bracket's budget (milestone, in units of the time attribute) with this result. */
        default void onBudgetReached(String trialId, double budget, Result result) {
        }

        /** The trial pauses at its milestone. */
        default void onPause(String trialId) {
        }

        /** The trial was promoted by halving and will resume. */
        default void onUnpause(String trialId) {
        }
    }

    private final List<Listener> listeners = new ArrayList<>();

    HyperBandForBohb(Builder builder) {
        super(builder, "HyperBandForBohb");
    }

    /**
     * Registers the BOHB searcher (or anything else) to hear about budgets, pauses and promotions; a
     * listener registered already is not added again. The {@code Tuner} registers the experiment's
     * searcher itself when it is a listener.
     */
    public void addListener(Listener listener) {
        Objects.requireNonNull(listener, "listener");
        if (listeners.stream().noneMatch(l -> l == listener)) {
            listeners.add(listener);
        }
    }

    /** Largest bracket first. */
    @Override
    int nextBracketS(int bracketsInBand) {
        return sMax1 - bracketsInBand - 1;
    }

    @Override
    Decision onMilestone(RunnerView runner, TrialView trial, Result result, HyperBandBracket bracket) {
        listeners.forEach(l -> l.onBudgetReached(trial.id(), bracket.milestone(), result));
        boolean othersPaused = bracket.currentTrials().stream()
                .filter(t -> !t.id().equals(trial.id()))
                .allMatch(t -> t.status() == TrialStatus.PAUSED);
        Decision decision = bracket.filled() && othersPaused ? processBracket(runner, bracket, trial) : Decision.PAUSE;
        if (decision == Decision.PAUSE) {
            listeners.forEach(l -> l.onPause(trial.id()));
        }
        return decision;
    }

    @Override
    void onUnpause(TrialView trial) {
        listeners.forEach(l -> l.onUnpause(trial.id()));
    }

    /**
     * The first PENDING (or promoted PAUSED) trial, bracket by bracket in creation order; when none
     * and no trial runs, halves the brackets with paused trials and tries once more.
     */
    @Override
    public TrialView chooseTrialToRun(RunnerView runner) {
        TrialView next = firstRunnableInOrder(runner);
        if (next != null || runner.trials().stream().anyMatch(t -> t.status() == TrialStatus.RUNNING)) {
            return next;
        }
        for (List<HyperBandBracket> band : bands) {
            for (HyperBandBracket bracket : band) {
                if (bracket != null && bracket.currentTrials().stream().anyMatch(t -> t.status() == TrialStatus.PAUSED)) {
                    processBracket(runner, bracket, null);
                    if (bracket.currentTrials().stream().anyMatch(t -> isRunnable(bracket, t))) {
                        return firstRunnableInOrder(runner);
                    }
                }
            }
        }
        return null;
    }

    private TrialView firstRunnableInOrder(RunnerView runner) {
        for (List<HyperBandBracket> band : bands) {
            TrialView next = firstRunnable(runner, band.stream().filter(b -> b != null).toList());
            if (next != null) {
                return next;
            }
        }
        return null;
    }
}
