package io.jtune.junit.descriptor;

import io.jtune.api.Result;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.api.spi.RunnerView;
import io.jtune.api.spi.TrialScheduler;
import io.jtune.api.spi.TrialView;
import io.jtune.engine.schedule.SchedulerObserver;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Watches the experiment's scheduler to learn which trials it stopped early and why: the runner
 * calls {@code onTrialRemove} for a trial the scheduler stopped and {@code onTrialComplete} for one
 * that finished (as Ray Tune does). The reason is one line naming the scheduler, the iteration and
 * the metric value it stopped the trial on. A trial the scheduler stopped because it reached the
 * most training the scheduler gives ({@link TrialScheduler#reachedFullBudget}, e.g. ASHA's
 * {@code max_t}) ran in full, and is not counted as stopped early. Every call is passed on unchanged, and the experiment
 * stays the scheduler's ({@link SchedulerObserver}): its state names that scheduler, so
 * {@code tune:run -Djtune.resume} or {@code Tuner.restore} continues a tuning test's experiment.
 */
final class EarlyStopWatch implements SchedulerObserver {

    private final TrialScheduler scheduler;
    private final Map<String, String> stoppedEarly = new ConcurrentHashMap<>();
    private final Map<String, String> fullBudget = new ConcurrentHashMap<>();
    private String metric;

    EarlyStopWatch(TrialScheduler scheduler) {
        this.scheduler = scheduler;
    }

    @Override
    public TrialScheduler observed() {
        return scheduler;
    }

    /** Why the scheduler stopped this trial early, or empty when it did not. */
    Optional<String> stopReason(String trialId) {
        return Optional.ofNullable(stoppedEarly.get(trialId));
    }

    /** Why the scheduler's STOP ended this trial's full run (it reached the scheduler's budget), or empty. */
    Optional<String> fullBudgetReason(String trialId) {
        return Optional.ofNullable(fullBudget.get(trialId));
    }

    @Override
    public void onTrialRemove(RunnerView runner, TrialView trial) {
        Result last = trial.lastResult();
        if (last != null && scheduler.reachedFullBudget(last)) {
            fullBudget.put(trial.id(), "ran in full: reached the most training " + scheduler.getClass().getSimpleName()
                    + " gives a trial (max_t) at iteration " + last.trainingIteration());
        } else {
            stoppedEarly.put(trial.id(), reason(last));
        }
        scheduler.onTrialRemove(runner, trial);
    }

    /** E.g. {@code stopped by AsyncHyperBandScheduler at iteration 6, on loss=0.42 (its decision after that result)}. */
    private String reason(Result last) {
        String name = scheduler.getClass().getSimpleName();
        if (last == null) {
            return "stopped by " + name + " before its first result";
        }
        String on = metric != null && last.has(metric) ? ", on " + metric + "=" + last.get(metric) : "";
        return "stopped by " + name + " at iteration " + last.trainingIteration() + on + " (its decision after that result)";
    }

    @Override
    public void setup(ExperimentInfo experiment) {
        metric = experiment.metric();
        scheduler.setup(experiment);
    }
}
