package io.jtune.engine.runner;

import io.jtune.api.Config;
import io.jtune.api.ResourceRequest;
import io.jtune.api.TrialStatus;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.RunnerView;
import io.jtune.api.spi.TrialScheduler;
import io.jtune.api.spi.TrialView;
import io.jtune.engine.exec.TrialExecutor;
import io.jtune.engine.runner.guard.GuardedSearcher;
import io.jtune.engine.runner.state.ExperimentSnapshot;
import io.jtune.engine.runner.state.SnapshotSchedule;
import io.jtune.engine.spec.ExperimentSpec;
import io.jtune.engine.trial.ResultHistory;
import io.jtune.engine.trial.Trial;
import io.jtune.engine.trial.TrialNames;
import java.nio.file.Path;
import java.util.List;

/**
 * Adds trials and starts them, on the driver: asks the searcher for configs while fewer than the
 * {@link PendingTrialLimit} trials are PENDING (and, under {@code maxConcurrentTrials}, fewer than
 * that many are PENDING or RUNNING), then the scheduler which trial to run when the executor has
 * the resources and the running limit allows.
 */
final class TrialLauncher {
    private final ExperimentSpec spec;
    private final Path experimentDir;
    private final TrialExecutor executor;
    private final TrialTable table;
    private final TrialScheduler scheduler;
    private final GuardedSearcher searcher;
    private final List<Callback> callbacks;
    private final SnapshotSchedule snapshots;
    private final RunnerView view;
    private final TrialLifecycle lifecycle;
    private final ResultHistory.Factory histories;
    /** The sampled paths in the order trial tags list them. */
    private final List<String> tagPaths;
    /** How trial names begin: the trainable's name, made safe. */
    private final String trainablePrefix;
    private final String idPrefix;
    private final int maxPending;
    private final int runningLimit;

    TrialLauncher(RunnerParts parts, TrialLifecycle lifecycle, ResultHistory.Factory histories, String idPrefix) {
        this.spec = parts.spec();
        this.experimentDir = spec.experimentDir();
        this.executor = parts.executor();
        this.table = parts.table();
        this.scheduler = parts.scheduler();
        this.searcher = parts.searcher();
        this.callbacks = parts.callbacks();
        this.snapshots = parts.snapshots();
        this.view = parts.view();
        this.lifecycle = lifecycle;
        this.histories = histories;
        this.tagPaths = ExperimentSnapshot.spaceParameters(spec);
        this.trainablePrefix = TrialNames.trainablePrefix(spec.trainable().name());
        this.idPrefix = idPrefix;
        this.maxPending = PendingTrialLimit.resolve(spec.maxPendingTrials(), spec.searcher(),
                spec.deterministic() ? spec.deterministicWidth() : executor.totals().cpu());
        this.runningLimit = runningLimit(spec, executor);
    }

    /** Adds trials the searcher suggests and starts the one the scheduler chooses; true when a trial was added or started. */
    boolean launchOne() {
        if (lifecycle.stopRequested()) {
            return false;
        }
        boolean added = addPendingTrials();
        if (!hasCapacity(spec.resources())) {
            return added;
        }
        TrialView choice = scheduler.chooseTrialToRun(view);
        if (choice != null) {
            Trial trial = table.own(choice, spec.name());
            boolean startable = trial.status() == TrialStatus.PENDING || trial.status() == TrialStatus.PAUSED;
            if (startable && trial.pendingSaves() == 0 && trial.retryAtNanos() == 0 && hasCapacity(trial.resources())) {
                lifecycle.start(trial);
                return true;
            }
        }
        return added;
    }

    /**
     * Adds trials the searcher suggests while fewer than the limit are PENDING (Ray's max_pending_trials)
     * and, under {@code maxConcurrentTrials(k)}, fewer than k trials are PENDING or RUNNING; true when any was added.
     */
    private boolean addPendingTrials() {
        boolean added = false;
        while (table.count(TrialStatus.PENDING) < maxPending && belowConcurrencyLimit() && !searcher.isFinished()) {
            String id = TrialNames.trialId(idPrefix, nextIndex());
            Config config = searcher.suggest(id);
            if (config == null) {
                break;
            }
            addTrial(id, config);
            added = true;
        }
        return added;
    }

    /**
     * Ray wraps the searcher in a {@code ConcurrencyLimiter} of {@code max_concurrent_trials}, so it never
     * suggests a config it may not run yet: under {@code maxConcurrentTrials(1)} it hears a trial's results
     * and its end before the next suggestion. A PAUSED trial holds no slot here (it runs nothing), so a
     * scheduler that pauses trials until more arrive (synchronous HyperBand, PBT) cannot starve.
     */
    private boolean belowConcurrencyLimit() {
        int limit = spec.deterministic() ? spec.deterministicWidth() : spec.maxConcurrentTrials();
        return limit == 0 || table.count(TrialStatus.PENDING) + table.count(TrialStatus.RUNNING) < limit;
    }

    /** Whether a trial asking {@code request} could start now: below the running limit, and the executor has the resources free. */
    boolean hasCapacity(ResourceRequest request) {
        return (runningLimit == 0 || table.count(TrialStatus.RUNNING) < runningLimit) && executor.hasResources(request);
    }

    /**
     * At most this many trials run at once (0 = as resources allow): in deterministic mode its width
     * (in logical time); else {@code maxConcurrentTrials}, or, when trials request no resources at all
     * (0 CPUs), one slot per CPU of the executor, so they do not all start at once.
     */
    private static int runningLimit(ExperimentSpec spec, TrialExecutor executor) {
        if (spec.deterministic()) {
            return spec.deterministicWidth();
        }
        if (spec.maxConcurrentTrials() > 0) {
            return spec.maxConcurrentTrials();
        }
        return DeterministicWidth.requestsNothing(spec.resources()) ? Math.max(1, (int) executor.totals().cpu()) : 0;
    }

    /** The index of the next trial: one past the last one's (a resumed experiment may lack trials that were suggested and never started). */
    private int nextIndex() {
        return table.size() == 0 ? 0 : table.all().get(table.size() - 1).index() + 1;
    }

    /** A trial with {@code config} that the searcher did not suggest (a {@link RunnerControl} request); returns its id. */
    String addUnsuggested(Config config) {
        String id = TrialNames.trialId(idPrefix, nextIndex());
        searcher.ignore(id);
        addTrial(id, config);
        return id;
    }

    private void addTrial(String id, Config config) {
        int index = nextIndex();
        String tag = TrialNames.experimentTag(index, config, tagPaths);
        String name = TrialNames.trialName(trainablePrefix, id, tag);
        Trial trial = new Trial(id, index, trainablePrefix, name, tag, config, spec.resources(), experimentDir, spec.checkpoint(), histories);
        table.add(trial);
        snapshots.changed();
        scheduler.onTrialAdd(view, trial);
        for (Callback c : callbacks) {
            c.onTrialAdd(trial);
        }
    }
}
