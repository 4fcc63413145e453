package io.jtune.engine.runner;

import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.TuneException;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.api.spi.Stopper;
import io.jtune.api.spi.TrialScheduler;
import io.jtune.engine.checkpoint.CheckpointIo;
import io.jtune.engine.exec.RunAhead;
import io.jtune.engine.exec.TrialEvent;
import io.jtune.engine.exec.TrialExecutor;
import io.jtune.engine.log.LazyLogger;
import io.jtune.engine.output.JsonLoggerCallback;
import io.jtune.engine.output.ResultLog;
import io.jtune.engine.runner.guard.ComponentException;
import io.jtune.engine.runner.guard.GuardedCallback;
import io.jtune.engine.runner.guard.GuardedScheduler;
import io.jtune.engine.runner.guard.GuardedSearcher;
import io.jtune.engine.runner.guard.GuardedStopper;
import io.jtune.engine.runner.history.ColumnarHistory;
import io.jtune.engine.runner.history.LoggedHistory;
import io.jtune.engine.runner.state.CheckpointBook;
import io.jtune.engine.runner.state.ExperimentLock;
import io.jtune.engine.runner.state.ExperimentResume;
import io.jtune.engine.runner.state.ExperimentState;
import io.jtune.engine.runner.state.SnapshotSchedule;
import io.jtune.engine.spec.CheckpointPolicy;
import io.jtune.engine.spec.ExperimentSpec;
import io.jtune.engine.spec.MissingCheckpoints;
import io.jtune.engine.spec.ResumeMode;
import io.jtune.engine.trial.ResultHistory;
import io.jtune.engine.trial.StallLimit;
import io.jtune.engine.trial.Trial;
import io.jtune.engine.trial.TrialNames;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.random.RandomGenerator;
import org.slf4j.Logger;
/**
 * The experiment's single-threaded event loop (the driver). Each step either launches a trial
 * ({@link TrialLauncher}) or handles the next executor event ({@link ResultIntake}): a result goes
 * through the stoppers and the scheduler (CONTINUE, PAUSE, STOP), the searcher and the callbacks,
 * and is checkpointed by the {@link CheckpointPolicy}; a failing trainable errors its trial, which
 * is retried from its latest checkpoint while its failures stay within {@code maxFailures}
 * ({@link TrialFailures}); the status changes go through the {@link TrialLifecycle}. A trial that
 * restarts from a checkpoint drops the results logged after it (from its history and, through
 * {@link ResultLog}, from its files), so each iteration is logged once. Decisions and state changes
 * happen one at a time under the runner's state lock, on the thread calling {@link #run()}, or, for a
 * result of a running trial on a local thread while the driver waits, on that thread under the same
 * lock ({@link InlineResults}, taken only where no decision can wait for a save: {@link #decidesInline}).
 * The experiment's state is snapshotted to {@code experiment_state.json} before the first trial (an
 * unwritable folder fails there), after changes (throttled), at the end and at JVM shutdown
 * ({@link SnapshotKeeper}); the run holds the folder's {@link ExperimentLock}. A runner made with an {@link ExperimentState} continues that
 * experiment. An exception of a searcher, scheduler, stopper or callback ends the experiment as a
 * {@link ComponentException} naming it, after the state is saved.
 */
public final class TrialRunner {
    /** The runner's logger, which its parts log through too. */
    static final LazyLogger LOG = new LazyLogger(TrialRunner.class);
    /** The loop's tick: the time-based checks (stalls, stoppers' stopAll) run at least this often. */
    private static final long TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(EventIntake.TICK_MILLIS);

    private final ExperimentSpec spec;
    private final TrialExecutor executor;
    private final GuardedSearcher searcher;
    private final TrialScheduler scheduler;
    private final List<Stopper> stoppers;
    private final List<Callback> callbacks;
    private final List<ResultLog> resultLogs;
    private final ResultHistory.Factory histories;
    private final ExperimentResume resume;
    private final CheckpointIo io = new CheckpointIo();
    private final SnapshotKeeper keeper;
    private final TrialTable table = new TrialTable();
    /** PENDING trials that failed and wait out their retry back-off before they may start. */
    private final RetryQueue backingOff = new RetryQueue();
    /** Deterministic mode's logical clock, or null when events are handled as they arrive. */
    private final LogicalEventOrder order;
    private final EventIntake events;
    private final InlineResults inlineResults;
    private final CheckpointBook checkpoints;
    private final SchedulerRunnerView view;
    private final TrialLifecycle lifecycle;
    private final TrialLauncher launcher;
    private final TrialFailures failures;
    private final ResultIntake intake;
    private final RunnerCommands commands;
    private final SnapshotSchedule snapshots;
    /** Held by the driver except while it waits for events, so a shutdown snapshot sees a consistent state. */
    private final ReentrantLock stateLock = new ReentrantLock();
    private final MetricCheck metricCheck;
    /** How far a trial may run ahead of the decisions ({@link ResultBuffer}): the same for every trial of the experiment. */
    private final RunAhead runAhead;
    private final long startNanos = System.nanoTime();
    /** When the time-based checks (stoppers' stopAll) last ran; they run at least once a tick even while no event comes. */
    private long lastTick = startNanos;
    /** Whether results may be handled on their trials' threads ({@link #decidesInline}); set once the components are set up. */
    private boolean inline;
    /**
     * Whether the experiment has a folder: when a logger writes result files or checkpoints are
     * taken. Without, no trial folder, no {@code experiment_state.json} and no folder lock are written
     * (a trial's checkpoint made for a pause creates the folder it needs), so the experiment cannot be restored.
     */
    private final boolean writesFolder;

    /** A new experiment; {@code random} draws its trial-id prefix. */
    public TrialRunner(ExperimentSpec spec, TrialExecutor executor, RandomGenerator random) {
        this(spec, executor, TrialNames.experimentPrefix(random), null);
    }

    /**
     * Continues the experiment {@code state} was read from (its folder is the spec's): the searcher
     * and stoppers get their saved state after setup, the trials come back (as {@code mode} says),
     * then the scheduler gets its saved state.
     */
    public TrialRunner(ExperimentSpec spec, TrialExecutor executor, ExperimentState state, ResumeMode mode) {
        this(spec, executor, state, mode, MissingCheckpoints.RESTART);
    }

    /** As {@link #TrialRunner(ExperimentSpec, TrialExecutor, ExperimentState, ResumeMode)}; {@code missing} says what a missing checkpoint folder does. */
    public TrialRunner(ExperimentSpec spec, TrialExecutor executor, ExperimentState state, ResumeMode mode, MissingCheckpoints missing) {
        this(spec, executor, state.runner().trialIdPrefix(), new ExperimentResume(state, mode, missing, spec));
    }

    private TrialRunner(ExperimentSpec spec, TrialExecutor executor, String idPrefix, ExperimentResume resume) {
        this.spec = spec;
        // deterministic mode: the logical schedule starts up to its width of trials, the gate lets maxConcurrentTrials of them compute
        StepGate gate = spec.deterministic() ? new StepGate(executor, physicalSlots(spec), this::sentStep) : null;
        this.executor = gate != null ? gate : executor;
        this.resume = resume;
        this.searcher = new GuardedSearcher(spec.searcher());
        this.scheduler = new GuardedScheduler(spec.scheduler());
        // loops, not streams: each lambda is linked at a cold run's start
        List<Stopper> guardedStoppers = new ArrayList<>();
        for (Stopper s : spec.stoppers()) {
            guardedStoppers.add(new GuardedStopper(s));
        }
        this.stoppers = List.copyOf(guardedStoppers);
        List<Callback> guardedCallbacks = new ArrayList<>();
        List<ResultLog> logs = new ArrayList<>();
        for (Callback c : spec.callbacks()) {
            guardedCallbacks.add(new GuardedCallback(c));
            if (c instanceof ResultLog log) {
                logs.add(log);
            }
        }
        this.callbacks = List.copyOf(guardedCallbacks);
        this.resultLogs = List.copyOf(logs);
        this.histories = histories(spec.callbacks());
        this.writesFolder = !resultLogs.isEmpty() || !spec.checkpoint().sameAsNone();
        this.metricCheck = new MetricCheck(spec.metric(), spec.stoppers(), spec.checkpoint().scoreAttribute());
        this.snapshots = new SnapshotSchedule(spec.snapshotPeriod());
        this.runAhead = ResultBuffer.inForce(spec, scheduler, executor);
        this.order = spec.deterministic() ? new LogicalEventOrder() : null;
        this.events = new EventIntake(this.executor, stateLock, order, table::get);
        this.checkpoints = new CheckpointBook(this.executor, io, callbacks, spec.checkpoint().scoreAttribute(), snapshots::changed);
        this.view = new SchedulerRunnerView(spec, table, this.executor, checkpoints, snapshots);
        RunnerParts parts = new RunnerParts(spec, this.executor, table, scheduler, searcher, callbacks, resultLogs, checkpoints, snapshots, view);
        this.lifecycle = new TrialLifecycle(parts, order, backingOff, writesFolder, runAhead);
        this.launcher = new TrialLauncher(parts, lifecycle, histories, idPrefix);
        StallLimit stallLimit = new StallLimit(spec.stallTimeout());
        this.failures = new TrialFailures(parts, lifecycle, backingOff, stallLimit, gate);
        this.intake = new ResultIntake(parts, lifecycle, failures, stoppers, metricCheck, stallLimit, events);
        view.attach(lifecycle, launcher, intake);
        this.commands = new RunnerCommands(parts, launcher, lifecycle);
        this.inlineResults = new InlineResults(parts, lifecycle, launcher, intake, events, backingOff, stateLock);
        this.keeper = new SnapshotKeeper(spec, idPrefix, table.all(), searcher, scheduler, stoppers, resultLogs, snapshots, io, stateLock,
                lifecycle::stopRequested);
    }

    /** Histories read back from result.json when a JSON logger writes it, else kept in memory in columns. */
    private static ResultHistory.Factory histories(List<Callback> callbacks) {
        for (Callback c : callbacks) {
            if (c instanceof JsonLoggerCallback json) {
                return trial -> new LoggedHistory(trial, json);
            }
        }
        ColumnarHistory.KeyLists keyLists = new ColumnarHistory.KeyLists();
        return trial -> new ColumnarHistory(keyLists);
    }

    /**
     * Runs the experiment to its end: every trial finished (or the experiment stopped), then the
     * executor closed and the callbacks told. Returns every trial, in the order created.
     *
     * @throws TuneException for a set-up error (resources the machine lacks, a metric never reported, ...)
     */
    public List<Trial> run() {
        ExperimentLock folderLock;
        try {
            if (!executor.canEverRun(spec.resources())) {
                throw new TuneException(executor.insufficientResources(spec.resources()));
            }
            if (spec.deterministic()) {
                DeterministicWidth.requireFits(spec.deterministicWidth(), executor.totals(), spec.resources());
            }
            if (resume != null) {
                resume.requireSameExperiment();
            }
            folderLock = writesFolder ? ExperimentLock.acquire(spec.experimentDir()) : null;
        } catch (TuneException e) {
            executor.close();
            io.close();
            throw e;
        }
        Throwable failure = null;
        stateLock.lock();
        Thread shutdownSnapshot = keeper.addShutdownHook();
        try {
            ExperimentInfo info = spec.info();
            for (Callback c : spec.callbacks()) {
                if (c instanceof RunnerControl.Steering steering) {
                    steering.attach(commands);
                }
            }
            searcher.setup(info);
            scheduler.setup(info);
            for (Stopper s : stoppers) {
                s.setup(info);
            }
            for (Callback c : callbacks) {
                c.setup(info);
            }
            if (resume != null) {
                restoreExperiment(resume.state());
            }
            if (writesFolder) {
                keeper.writeFirst();
            }
            inline = decidesInline();
            view.decidesInline(inline);
            if (inline) {
                executor.handleInline(inlineResults);
            }
            while (!isFinished()) {
                step();
                long now = System.nanoTime();
                if (now - lastTick >= TICK_NANOS) {
                    lastTick = now;
                    failures.failStalledTrials(now);
                    intake.stopIfAStopperSays();
                }
                keeper.writeIfDue(now);
            }
        } catch (Throwable t) {
            failure = t;
            throw t;
        } finally {
            if (inline) {
                executor.handleInline(null);
            }
            commands.close();
            Throwable ending = failure;
            try {
                // the state is final before the executor waits for steps in flight: a SIGTERM while a
                // stuck step delays the close finds it written
                keeper.writeFinal(failure);
            } catch (Throwable e) {
                ending = e;
                throw e;
            } finally {
                executor.close();
                io.close();
                try {
                    endCallbacks(ending);
                } finally {
                    metricCheck.summarizeNonFinite(table.all());
                    SnapshotKeeper.removeShutdownHook(shutdownSnapshot);
                    stateLock.unlock();
                    if (folderLock != null) {
                        folderLock.close();
                    }
                    Logger log = snapshots.taken() ? LOG.ifStarted() : null; // starting a logging provider for this line alone would delay fit()'s return
                    if (log != null && log.isDebugEnabled()) {
                        log.debug("experiment {}: {}", spec.name(), snapshots.summary(System.nanoTime() - startNanos));
                    }
                }
            }
        }
        RuntimeException toRaise = failures.toRaise();
        if (toRaise != null) {
            throw toRaise;
        }
        return table.all();
    }

    /**
     * Puts a saved experiment back: searcher and stopper state, the trials (the scheduler and the
     * callbacks hear of each as added), then the scheduler's state; the scheduler hears of trials
     * the state does not list (begun after its snapshot) after that, and of the end of trials that
     * finished after it (their result.json ends in a final result). A stopped experiment goes on.
     */
    private void restoreExperiment(ExperimentState state) {
        searcher.restoreState(ExperimentState.json(state.searcher().state()));
        for (int i = 0; i < stoppers.size(); i++) {
            stoppers.get(i).restoreState(ExperimentState.json(state.stoppers().get(i).state()));
        }
        List<Trial> restored = resume.trials(histories, searcher);
        int listed = state.trials().size();
        for (int i = 0; i < restored.size(); i++) {
            Trial trial = restored.get(i);
            if (!executor.canEverRun(trial.resources())) {
                LOG.get().warn("trial {} had its resources changed to {}, more than this executor's {}; it continues with the experiment's {}",
                        trial.name(), trial.resources(), executor.totals(), spec.resources());
                trial.changeResources(spec.resources());
            }
            table.add(trial);
            if (i < listed) {
                scheduler.onTrialAdd(view, trial);
            }
            for (Callback c : callbacks) {
                c.onTrialAdd(trial);
            }
        }
        scheduler.restoreState(ExperimentState.json(state.scheduler().state()));
        for (Trial adopted : restored.subList(listed, restored.size())) {
            scheduler.onTrialAdd(view, adopted);
        }
        for (Trial finished : resume.finishedAfterSnapshot()) {
            completeResultLogs(finished);
            scheduler.onTrialComplete(view, finished, finished.lastResult());
        }
        LOG.get().info("resuming experiment {}: {} trial(s), {} to continue", spec.name(), table.size(),
                table.count(TrialStatus.PENDING) + table.count(TrialStatus.PAUSED));
    }

    /** A trial found finished on disk: every result log's file holds its results, as the log the resume read them from does. */
    private void completeResultLogs(Trial finished) {
        List<Result> results = finished.history();
        for (ResultLog log : resultLogs) {
            try {
                log.completeFinished(finished, results);
            } catch (RuntimeException e) {
                throw ComponentException.of("callback", log, "completeFinished", e);
            }
        }
    }

    /** Tells the callbacks the experiment ended; after a {@code failure}, their own failures are logged and added to it as suppressed. */
    private void endCallbacks(Throwable failure) {
        for (Callback c : callbacks) {
            try {
                c.onExperimentEnd(table.all());
            } catch (Throwable e) {
                if (failure == null) {
                    throw e;
                }
                if (e != failure) {
                    failure.addSuppressed(e);
                }
                LOG.get().warn("callback {} failed at experiment end ({})", c.getClass().getName(), failure.toString(), e);
            }
        }
    }


    private boolean isFinished() {
        if (lifecycle.stopRequested()) {
            return checkpoints.pending() == 0;
        }
        return checkpoints.pending() == 0 && table.unfinished() == 0
                && searcher.isFinished();
    }

    private void step() {
        commands.runPending();
        if (!backingOff.isEmpty()) {
            backingOff.releaseDue(System.nanoTime());
        }
        if (launcher.launchOne()) {
            return;
        }
        long changesBefore = table.statusChanges();
        TrialEvent event = events.next();
        inlineResults.throwFailure();
        if (event != null) {
            intake.handle(event);
            if (order != null && checkpoints.pending() > 0) {
                awaitEverySave();
            }
            return;
        }
        if (executor.hasPendingEvents() || table.statusChanges() != changesBefore) {
            return; // a tick without events (the loop does its time-based work), or a result handled inline changed a trial's status
        }
        for (Trial t : table.all()) {
            if (t.pendingSaves() > 0) {
                LOG.get().warn("trial {} ended with {} save(s) unanswered", t.name(), t.pendingSaves());
                checkpoints.dropPending(t);
            }
        }
        boolean stopRequested = lifecycle.stopRequested();
        if (!stopRequested && !backingOff.isEmpty()) {
            events.idle(Math.min(TICK_NANOS, backingOff.nextRetryAt() - System.nanoTime()));
            return;
        }
        if (!stopRequested && !isFinished()) {
            throw noProgress();
        }
    }

    /**
     * Whether results may be decided on inline: not in deterministic mode (results wait for their
     * logical turn), not with a result buffer (a trial's earlier results may still be queued), and
     * only with a scheduler that {@linkplain TrialScheduler#supportsBufferedResults supports buffered
     * results}, which never waits for a save while it decides (the reporting thread cannot take
     * the events a save waits for; {@link SchedulerRunnerView} enforces it).
     */
    private boolean decidesInline() {
        return order == null && runAhead.results() == 1 && scheduler.supportsBufferedResults();
    }

    /** Deterministic mode: a save's answer changes what a restart restores, so it is waited for where it was asked, never left to timing. */
    private void awaitEverySave() {
        for (Trial t : table.all()) {
            if (t.pendingSaves() > 0) {
                intake.awaitSaves(t);
            }
        }
    }

    private TuneException noProgress() {
        int pending = table.count(TrialStatus.PENDING);
        if (pending > 0) {
            return new TuneException("the scheduler " + scheduler.debugString() + " chose none of the " + pending
                    + " PENDING trials although no trial runs; its chooseTrialToRun must return a PENDING or PAUSED trial whose resources are free");
        }
        if (table.count(TrialStatus.PAUSED) > 0) {
            return new TuneException("There are paused trials, but no more pending trials with sufficient resources: "
                    + table.count(TrialStatus.PAUSED) + " trial(s) are PAUSED, none runs, and the scheduler " + scheduler.debugString() + " resumes none of them");
        }
        return new TuneException("the searcher " + searcher.getClass().getName() + " returned no config although no trial runs; "
                + "it must return a config or say isFinished() = true");
    }

    /** The trial was sent a step: its stall clock starts again. */
    private void sentStep(String trialId) {
        Trial trial = table.get(trialId);
        if (trial != null) {
            trial.heardAt(System.nanoTime());
        }
    }

    /** Deterministic mode: how many of the width's trials compute a step at once ({@code maxConcurrentTrials}, at most the width). */
    private static int physicalSlots(ExperimentSpec spec) {
        int width = spec.deterministicWidth();
        return spec.maxConcurrentTrials() > 0 ? Math.min(spec.maxConcurrentTrials(), width) : width;
    }
}
