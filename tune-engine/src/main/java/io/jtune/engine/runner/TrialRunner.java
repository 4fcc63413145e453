package io.jtune.engine.runner;

import io.jtune.api.Config;
import io.jtune.api.ResourceRequest;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.TuneException;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.api.spi.Stopper;
import io.jtune.api.spi.TrialScheduler.Decision;
import io.jtune.api.spi.TrialScheduler;
import io.jtune.api.spi.TrialView;
import io.jtune.api.trainable.CheckpointDir;
import io.jtune.engine.checkpoint.CheckpointIo;
import io.jtune.engine.checkpoint.TrackedCheckpoint;
import io.jtune.engine.exec.InlineHandler;
import io.jtune.engine.exec.RunAhead;
import io.jtune.engine.exec.TrialEvent;
import io.jtune.engine.exec.TrialExecutor;
import io.jtune.engine.exec.TrialLaunch;
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
import io.jtune.engine.runner.state.ExperimentSnapshot;
import io.jtune.engine.runner.state.ExperimentState;
import io.jtune.engine.runner.state.SnapshotSchedule;
import io.jtune.engine.spec.CheckpointPolicy;
import io.jtune.engine.spec.ExperimentSpec;
import io.jtune.engine.spec.MachineResources;
import io.jtune.engine.spec.MissingCheckpoints;
import io.jtune.engine.spec.ResumeMode;
import io.jtune.engine.trial.ResultHistory;
import io.jtune.engine.trial.RetryBackoff;
import io.jtune.engine.trial.StallLimit;
import io.jtune.engine.trial.Trial;
import io.jtune.engine.trial.TrialNames;
import io.jtune.engine.trial.TrialStalledException;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.random.RandomGenerator;
/**
 * The seeds' single-threaded event loop. Each step either launches a trial (asking the searcher
 * for configs while fewer than the {@link PendingTrialLimit} trials are PENDING, whatever the free
 * resources, then the scheduler which trial to run when resources allow) or handles the next
 * executor event: a result gets its auto fields, goes through the stoppers and the scheduler
 * (CONTINUE, PAUSE, STOP), the searcher and the callbacks, and is checkpointed by the
 * {@link CheckpointPolicy}. A failing trainable errors its trial, which is retried from its latest
 * checkpoint while its failures stay within {@code maxFailures}; a trial that restarts from a
 * checkpoint drops the results logged after it (from its history and, through {@link ResultLog},
 * from its files), so each iteration is logged once. Decisions and state changes happen one at a
 * time under the runner's state lock, on the thread calling {@link #run()}: the driver. One
 * shortcut (an {@link InlineHandler}): while the driver waits for events, a result of a running
 * trial on a local thread is handled on that thread itself, under the same lock, so the trial gets
 * its decision without waking the driver and being woken by it, and a trial it ends hands its thread
 * to the next trial, started there too; this is taken only where no decision can wait for a save
 * (see {@link #decidesInline}). The experiment's state is snapshotted to
 * {@code experiment_state.json} before the first trial (an unwritable folder fails there), after
 * changes (throttled), at the end and at JVM shutdown; the run holds the folder's {@link ExperimentLock}. A runner made with an
 * {@link ExperimentState} continues that experiment. An exception of a searcher, scheduler, stopper
 * or callback ends the experiment as a {@link ComponentException} naming it, after the state is saved.
 */
public final class TrialRunner {
    private static final LazyLogger LOG = new LazyLogger(TrialRunner.class);
    /** How long a snapshot at JVM shutdown waits for the driver to finish a change, and then for the write. */
    private static final long TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(EventIntake.TICK_MILLIS);

    private final ExperimentSpec spec;
    /** The experiment's folder, one path shared by its trials. */
    private final Path experimentDir;
    private final TrialExecutor executor;
    /** Deterministic mode's bound on the steps computing at once (the executor the runner talks to), or null. */
    private final StepGate gate;
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
    /** PENDING trials that failed and wait out their {@link RetryBackoff} before they may start. */
    private final RetryQueue backingOff = new RetryQueue();
    /** Deterministic mode's logical clock, or null when events are handled as they arrive. */
    private final LogicalEventOrder order;
    private final EventIntake events;
    private final InlineLock inlineLock;
    private final CheckpointBook checkpoints;
    private final SchedulerRunnerView view = new SchedulerRunnerView(this);
    private final RunnerCommands commands = new RunnerCommands(this);
    private final AutoFields autoFields = new AutoFields();
    private final SnapshotSchedule snapshots;
    /** Held by the driver except while it waits for events, so a shutdown snapshot sees a consistent state. */
    private final ReentrantLock stateLock = new ReentrantLock();
    private final MetricCheck metricCheck;
    private final StallLimit stallLimit;
    private final int runningLimit;
    /** The sampled paths in the order trial tags list them. */
    private final List<String> tagPaths;
    /** How trial names begin: the trainable's name, made safe. */
    private final String trainablePrefix;
    private final String idPrefix;
    private final int maxPending;
    /** How far a trial may run ahead of the decisions ({@link ResultBuffer}): the same for every trial of the experiment. */
    private final RunAhead runAhead;
    private final long startNanos = System.nanoTime();
    /** When the time-based checks (stoppers' stopAll) last ran; they run at least once a tick even while no event comes. */
    private long lastTick = startNanos;
    private long runCounter;
    private boolean stopRequested;
    private Trial deciding;
    private RuntimeException toRaise;
    /** Whether results may be handled on their trials' threads ({@link #decidesInline}); set once the components are set up. */
    private boolean inline;
    /** What a result handled inline threw (a runtime exception or an error), for the driver to throw as if it had handled it. */
    private Throwable inlineFailure;
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
        this.experimentDir = spec.experimentDir();
        // deterministic mode: the logical schedule starts up to its width of trials, the gate lets maxConcurrentTrials of them compute
        this.gate = spec.deterministic() ? new StepGate(executor, physicalSlots(spec), this::sentStep) : null;
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
        this.tagPaths = ExperimentSnapshot.spaceParameters(spec);
        this.trainablePrefix = TrialNames.trainablePrefix(spec.trainable().name());
        this.idPrefix = idPrefix;
        this.maxPending = PendingTrialLimit.resolve(spec.maxPendingTrials(), spec.searcher(),
                spec.deterministic() ? spec.deterministicWidth() : executor.totals().cpu());
        this.snapshots = new SnapshotSchedule(spec.snapshotPeriod());
        this.keeper = new SnapshotKeeper(spec, idPrefix, table.all(), searcher, scheduler, stoppers, resultLogs, snapshots, io, stateLock,
                () -> stopRequested);
        this.stallLimit = new StallLimit(spec.stallTimeout());
        this.runningLimit = runningLimit(spec, executor);
        this.runAhead = ResultBuffer.inForce(spec, scheduler);
        this.order = spec.deterministic() ? new LogicalEventOrder() : null;
        this.events = new EventIntake(this.executor, stateLock, order, table::get);
        this.inlineLock = new InlineLock(stateLock, events::openToInline, InlineLock.SPIN_NANOS, InlineLock.WAIT_NANOS);
        this.checkpoints = new CheckpointBook(this.executor, io, callbacks, spec.checkpoint().scoreAttribute(), snapshots::changed);
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
            if (inline) {
                executor.handleInline(this::offer);
            }
            while (!isFinished()) {
                step();
                long now = System.nanoTime();
                if (now - lastTick >= TICK_NANOS) {
                    lastTick = now;
                    failStalledTrials(now);
                    stopIfAStopperSays();
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
                    if (snapshots.taken()) {
                        LOG.get().debug("experiment {}: {}", spec.name(), snapshots.summary(System.nanoTime() - startNanos));
                    }
                }
            }
        }
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

    /** The state before any trial starts, written on this thread: a folder that cannot be written fails the experiment here. */
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
        if (stopRequested) {
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
        if (launchOne()) {
            return;
        }
        long changesBefore = table.statusChanges();
        TrialEvent event = events.next();
        throwInlineFailure();
        if (event != null) {
            handle(event);
            if (order != null && checkpoints.pending() > 0) {
                awaitEverySave();
            }
            return;
        }
        if (executor.hasPendingEvents() || table.statusChanges() != changesBefore) {
            return; // a tick without events (the loop does its time-based work), or a result handled inline changed a trial's status
        }
        for (Trial t : table.all()) {
            if (t.pendingSaves > 0) {
                LOG.get().warn("trial {} ended with {} save(s) unanswered", t.name(), t.pendingSaves);
                checkpoints.dropPending(t);
            }
        }
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
     * the events a save waits for; {@link #requireDecisionMayWait} enforces it).
     */
    private boolean decidesInline() {
        return order == null && runAhead.results() == 1 && scheduler.supportsBufferedResults();
    }

    /**
     * Handles a result on the thread that posts it, when the driver waits for events at the top of
     * its loop and the trial runs (so no earlier event of its run is queued): it takes the state lock
     * at once, or while another inline decision holds it after a short spin and a wait in the lock's
     * queue ({@link InlineLock}), checks again that the driver still waits, handles the result as the
     * driver would and wakes the driver when the trial's status (or any other) changed or the
     * experiment stops, unless the decision ended the trial and its thread, {@code freeAtStop}, started
     * the next one ({@link #startedNextInline}). An exception is kept for the driver, which throws it
     * as if it had handled the result itself.
     */
    private InlineHandler.Outcome offer(TrialEvent event, boolean freeAtStop) {
        if (!(event instanceof TrialEvent.Reported) || !events.openToInline() || Thread.currentThread().isInterrupted() || !inlineLock.tryLock()) {
            return InlineHandler.Outcome.QUEUE;
        }
        try {
            Trial trial = table.get(event.trialId());
            if (!events.openToInline() || stopRequested || inlineFailure != null || trial == null
                    || event.runId() != trial.runId || trial.status() != TrialStatus.RUNNING || trial.pendingSaves > 0) {
                return InlineHandler.Outcome.QUEUE;
            }
            long changesBefore = table.statusChanges();
            try {
                handle(event);
                if (table.statusChanges() == changesBefore && !stopRequested) {
                    return InlineHandler.Outcome.HANDLED;
                }
                return freeAtStop && startedNextInline(trial) ? InlineHandler.Outcome.HANDLED : InlineHandler.Outcome.HANDLED_WAKE_DRIVER;
            } catch (RuntimeException | Error e) {
                inlineFailure = e;
                return InlineHandler.Outcome.HANDLED_WAKE_DRIVER;
            }
        } finally {
            stateLock.unlock();
        }
    }

    /**
     * After a result handled inline ended its trial, on the trial's thread (free once its run ends):
     * adds and starts trials as the driver's loop would, until one starts, so the new run takes the
     * ended one's thread and the driver sleeps on. True when exactly that happened and no further
     * trial could start now; false leaves the rest to the driver (it is woken).
     */
    private boolean startedNextInline(Trial ended) {
        if (ended.status() != TrialStatus.TERMINATED || stopRequested || !backingOff.isEmpty()) {
            return false;
        }
        long runsBefore = runCounter;
        while (runCounter == runsBefore && launchOne()) {
            // a trial added, none started yet: go on as the driver's loop would
        }
        return runCounter == runsBefore + 1 && !hasCapacity(spec.resources());
    }

    /** Throws, on the driver, what handling a result inline threw. */
    private void throwInlineFailure() {
        if (inlineFailure instanceof RuntimeException e) {
            throw e;
        }
        if (inlineFailure instanceof Error e) {
            throw e;
        }
    }

    /** Failed trials whose backoff has passed may start. */

    private boolean launchOne() {
        if (stopRequested) {
            return false;
        }
        boolean added = addPendingTrials();
        if (!hasCapacity(spec.resources())) {
            return added;
        }
        TrialView choice = scheduler.chooseTrialToRun(view);
        if (choice != null) {
            Trial trial = own(choice);
            boolean startable = trial.status() == TrialStatus.PENDING || trial.status() == TrialStatus.PAUSED;
            if (startable && trial.pendingSaves == 0 && trial.retryAtNanos == 0 && hasCapacity(trial.resources())) {
                start(trial);
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

    /** Deterministic mode: a save's answer changes what a restart restores, so it is waited for where it was asked, never left to timing. */
    private void awaitEverySave() {
        for (Trial t : table.all()) {
            if (t.pendingSaves > 0) {
                awaitSaves(t);
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

    /** The trial was sent a step: its stall clock starts again. */
    private void sentStep(String trialId) {
        Trial trial = table.get(trialId);
        if (trial != null) {
            trial.lastHeardNanos = System.nanoTime();
        }
    }

    /** Deterministic mode: how many of the width's trials compute a step at once ({@code maxConcurrentTrials}, at most the width). */
    private static int physicalSlots(ExperimentSpec spec) {
        int width = spec.deterministicWidth();
        return spec.maxConcurrentTrials() > 0 ? Math.min(spec.maxConcurrentTrials(), width) : width;
    }

    /** The index of the next trial: one past the last one's (a resumed experiment may lack trials that were suggested and never started). */
    private int nextIndex() {
        return table.size() == 0 ? 0 : table.all().get(table.size() - 1).index() + 1;
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

    private void start(Trial trial) {
        TrackedCheckpoint restore = trial.checkpoints().latest();
        List<Result> continued = trial.exploited ? trial.history() : trial.rewindTo(restore == null ? 0 : restore.iteration());
        trial.beginRun(++runCounter, restore);
        if (writesFolder) {
            ensureDir(trial);
        }
        for (ResultLog log : resultLogs) {
            try {
                log.continueFrom(trial, continued);
            } catch (RuntimeException e) {
                throw ComponentException.of("callback", log, "continueFrom", e);
            }
        }
        setStatus(trial, TrialStatus.RUNNING);
        for (Callback c : callbacks) {
            c.onTrialStart(trial);
        }
        CheckpointDir from = restore == null ? null : restore.checkpoint();
        executor.start(new TrialLaunch(trial.id(), trial.runId, trial.config(), trial.localDir(), trial.resources(), from, trial.iteration, List.of(), runAhead));
        if (from != null) {
            for (Callback c : callbacks) {
                c.onTrialRestore(trial, from);
            }
        }
    }

    private static void ensureDir(Trial trial) {
        if (trial.hasFolder()) {
            return;
        }
        try {
            Files.createDirectories(trial.localDir());
        } catch (IOException e) {
            throw new TuneException("cannot create the folder of trial " + trial.name() + " at " + trial.localDir() + ": " + e.getMessage()
                    + "; choose a writable Tuner.storagePath(...)", e);
        }
        trial.folderCreated();
    }

    void setStatus(Trial trial, TrialStatus to) {
        TrialStatus from = trial.status();
        trial.transitionTo(to);
        if (order != null) {
            if (to == TrialStatus.RUNNING) {
                order.started(trial);
            } else if (from == TrialStatus.RUNNING) {
                order.left(trial);
            }
        }
        table.moved(trial, from, to);
        snapshots.changed();
    }

    private void handle(TrialEvent event) {
        Trial trial = table.get(event.trialId());
        if (trial != null && stallLimit.enabled() && event.runId() == trial.runId) {
            trial.lastHeardNanos = System.nanoTime();
        }
        if (trial == null) {
            LOG.get().warn("event for unknown trial {} ignored", event.trialId());
        } else if (event instanceof TrialEvent.Reported r) {
            onReported(trial, r);
        } else if (event instanceof TrialEvent.Saved s) {
            checkpoints.onSaved(trial, s);
        } else if (event instanceof TrialEvent.Finished f) {
            if (f.runId() == trial.runId) {
                checkpoints.dropPending(trial);
                if (trial.status() == TrialStatus.RUNNING) {
                    finish(trial, trial.lastResult(), false);
                }
            }
        } else if (event instanceof TrialEvent.Failed f) {
            onFailed(trial, f);
        } else if (event instanceof TrialEvent.Lost l) {
            onLost(trial, l);
        }
    }

    /**
     * The run's machine was lost: not the trainable's fault, so no failure is counted (the executor
     * bounds how often a trial may be lost). A running trial goes back to PENDING and restarts from
     * its latest checkpoint, as a retried one; a paused one stays paused without its unanswered save.
     */
    private void onLost(Trial trial, TrialEvent.Lost event) {
        if (event.runId() != trial.runId) {
            return;
        }
        checkpoints.dropPending(trial);
        executor.stop(trial.id(), false);
        if (trial.status() == TrialStatus.RUNNING) {
            LOG.get().warn("trial {} lost its run ({}); it restarts from {}", trial.name(), event.reason(),
                    trial.latestCheckpoint().map(c -> c.path().toString()).orElse("scratch"));
            setStatus(trial, TrialStatus.ERROR);
            setStatus(trial, TrialStatus.PENDING);
        }
    }

    private void onReported(Trial trial, TrialEvent.Reported event) {
        if (event.runId() != trial.runId) {
            return;
        }
        // a step in flight when the trial was paused (and maybe unpaused since): the save being made
        // holds its state, so it is logged and checked against the stop rules, but the trial stays put
        boolean late = trial.pendingSaves > 0 && (trial.status() == TrialStatus.PAUSED || trial.status() == TrialStatus.PENDING);
        if (!late && trial.status() != TrialStatus.RUNNING) {
            return;
        }
        Result result = autoFields.fill(trial, event.metrics(), event.stepNanos());
        if (!trial.metricsChecked) {
            metricCheck.check(trial, result);
            trial.metricsChecked = true;
        }
        metricCheck.checkValues(trial, result);
        boolean stopRuleMet = result.done() | stoppersSayStop(trial, result);
        Decision decision = stopRuleMet ? Decision.STOP : late ? Decision.PAUSE : decide(trial, result);
        if (decision == Decision.CONTINUE && trial.exploited) {
            decision = Decision.PAUSE;
        }
        if (decision == Decision.STOP && !result.done()) {
            result = result.withDone();
        }
        boolean save = event.checkpoint() == null && !late && decision != Decision.PAUSE
                && spec.checkpoint().wantsCheckpoint(trial.iteration, Boolean.TRUE.equals(result.get(Result.SHOULD_CHECKPOINT)), decision == Decision.STOP);
        boolean continueNow = decision == Decision.CONTINUE && !save;
        if (continueNow) {
            executor.continueTraining(trial.id()); // the trial steps on while the driver does the bookkeeping below
        }
        if (decision != Decision.STOP) {
            searcher.onTrialResult(trial.id(), result);
        }
        logResult(trial, result);
        if (event.checkpoint() != null) {
            checkpoints.track(trial, event.checkpoint(), trial.iteration, result);
        } else if (save) {
            checkpoints.requestSave(trial, true);
        }
        switch (decision) {
            case CONTINUE -> {
                if (!continueNow) {
                    executor.continueTraining(trial.id()); // after the save, so it holds this result's state
                }
            }
            case PAUSE -> {
                if (!late) {
                    pause(trial);
                }
            }
            case STOP -> finish(trial, result, !stopRuleMet);
        }
        stopIfAStopperSays();
    }

    private void stopIfAStopperSays() {
        if (stopRequested) {
            return;
        }
        for (Stopper s : stoppers) {
            if (s.stopAll()) {
                stopExperiment("the stopper " + s.getClass().getName() + " ended the experiment");
                return;
            }
        }
    }

    private boolean stoppersSayStop(Trial trial, Result result) {
        boolean stop = false;
        for (Stopper s : stoppers) {
            stop |= s.shouldStop(trial.id(), result);
        }
        return stop;
    }

    private Decision decide(Trial trial, Result result) {
        deciding = trial;
        Decision decision;
        try {
            decision = scheduler.onTrialResult(view, trial, result);
        } finally {
            deciding = null;
        }
        if (decision == null) {
            throw new TuneException("the scheduler " + scheduler.getClass().getName() + " returned no decision for trial " + trial.name() + "; return CONTINUE, PAUSE or STOP");
        }
        return decision;
    }

    private void logResult(Trial trial, Result result) {
        trial.record(result);
        for (Callback c : callbacks) {
            c.onTrialResult(trial, result);
        }
    }

    /** PAUSE: save (unless an exploit replaced the state, or the latest checkpoint holds it), release, PAUSED. */
    void pause(Trial trial) {
        if (trial.exploited || CheckpointBook.holdsCurrentState(trial)) {
            executor.stop(trial.id(), true);
        } else {
            executor.pause(trial.id());
            checkpoints.expectSave(trial);
        }
        setStatus(trial, TrialStatus.PAUSED);
    }

    /** Ends a trial for good: {@code removed} when a scheduler stopped it, else it completed. */
    void finish(Trial trial, Result result, boolean removed) {
        executor.stop(trial.id(), true);
        if (removed) {
            scheduler.onTrialRemove(view, trial);
        } else {
            scheduler.onTrialComplete(view, trial, result);
        }
        searcher.onTrialComplete(trial.id(), result, false);
        setStatus(trial, TrialStatus.TERMINATED);
        for (Callback c : callbacks) {
            c.onTrialComplete(trial);
        }
    }

    private void onFailed(Trial trial, TrialEvent.Failed event) {
        if (event.runId() != trial.runId) {
            LOG.get().debug("failure of an earlier run of trial {} ignored", trial.name(), event.error());
            return;
        }
        checkpoints.dropPending(trial);
        Throwable error = event.error();
        trial.noteFailure(stackTrace(error));
        if (trial.status() == TrialStatus.TERMINATED) {
            LOG.get().warn("trial {} failed after it finished (its final checkpoint may be missing)", trial.name(), error);
            for (Callback c : callbacks) {
                c.onTrialError(trial, error);
            }
            return;
        }
        executor.stop(trial.id(), false);
        setStatus(trial, TrialStatus.ERROR);
        for (Callback c : callbacks) {
            c.onTrialError(trial, error);
        }
        if (spec.maxFailures() < 0 || trial.numFailures() <= spec.maxFailures()) {
            long delay = RetryBackoff.delayNanos(trial.numFailures());
            LOG.get().info("trial {} failed ({} of {} failures allowed); retrying from {} in {} ms", trial.name(), trial.numFailures(),
                    spec.maxFailures() < 0 ? "unlimited" : spec.maxFailures(), trial.latestCheckpoint().map(c -> c.path().toString()).orElse("scratch"),
                    TimeUnit.NANOSECONDS.toMillis(delay));
            setStatus(trial, TrialStatus.PENDING);
            if (delay > 0) {
                backingOff.holdBack(trial, delay);
            }
            return;
        }
        LOG.get().warn("trial {} errored", trial.name(), error);
        scheduler.onTrialError(view, trial);
        searcher.onTrialComplete(trial.id(), trial.lastResult(), true);
        switch (spec.failFast()) {
            case OFF -> { }
            case STOP -> stopExperiment("trial " + trial.name() + " errored and failFast is on");
            case RAISE -> {
                stopExperiment("trial " + trial.name() + " errored and failFast is RAISE");
                toRaise = error instanceof RuntimeException re ? re : new TuneException("trial " + trial.name() + " failed: " + error, error);
            }
        }
    }

    /** Fails every trial whose run has posted nothing for longer than the stall limit, abandoning the run. */
    private void failStalledTrials(long now) {
        if (!stallLimit.enabled()) {
            return;
        }
        for (Trial trial : stallLimit.stalled(table.all(), now)) {
            if (gate != null && trial.pendingSaves == 0 && !gate.computing(trial.id())) {
                continue; // deterministic mode: its step waits for a slot, or its result for its logical turn
            }
            TrialStalledException error = stallLimit.errorFor(trial, now);
            LOG.get().warn(error.getMessage());
            executor.abandon(trial.id(), "stalled while " + StallLimit.activity(trial));
            onFailed(trial, new TrialEvent.Failed(trial.id(), trial.runId, error));
        }
    }

    private static String stackTrace(Throwable error) {
        StringWriter out = new StringWriter();
        error.printStackTrace(new PrintWriter(out));
        return out.toString();
    }

    /** Ends the experiment: running trials complete; pending and paused ones stay as they are. */
    private void stopExperiment(String reason) {
        if (stopRequested) {
            return;
        }
        LOG.get().info("stopping the experiment: {}", reason);
        stopRequested = true;
        backingOff.clear();
        for (Trial t : table.all()) {
            if (t.status() == TrialStatus.RUNNING) {
                finish(t, t.lastResult(), false);
            }
        }
    }

    // ---- what RunnerCommands asks of the runner (on the driver thread, but for the wake) ----

    /** From any thread: a driver waiting for events returns to its loop, where it carries out the queued requests. */
    void wakeDriver() {
        executor.wakeDriver();
    }

    String addTrialFromControl(Config config) {
        String id = TrialNames.trialId(idPrefix, nextIndex());
        searcher.ignore(id);
        addTrial(id, config);
        return id;
    }

    void flushResultLogs() {
        resultLogs.forEach(ResultLog::flush);
    }

    TrialStatus stopTrialFromControl(String trialId) {
        Trial trial = table.get(trialId);
        if (trial == null) {
            throw new IllegalArgumentException("experiment " + spec.name() + " has no trial " + trialId);
        }
        if (!trial.status().isFinished()) {
            finish(trial, trial.lastResult(), true);
        }
        return trial.status();
    }

    // ---- what SchedulerRunnerView asks of the runner ----

    List<Trial> trials() {
        return table.all();
    }

    Collection<Trial> waitingTrials(TrialStatus status) {
        return table.waiting(status);
    }

    Trial own(TrialView view) {
        if (view instanceof Trial t && table.owns(t)) {
            return t;
        }
        throw new IllegalArgumentException("trial " + (view == null ? null : view.id()) + " is not a trial of the experiment " + spec.name());
    }

    boolean isDeciding(Trial trial) {
        return deciding == trial;
    }

    /**
     * Saves the trial's state now and waits for it; other events that arrive meanwhile are kept
     * for later. Returns the trial's latest checkpoint.
     */
    CheckpointDir saveNow(Trial trial) {
        requireDecisionMayWait(trial, "save");
        if (trial.status() == TrialStatus.RUNNING) {
            checkpoints.requestSave(trial, false);
        }
        awaitSaves(trial);
        TrackedCheckpoint latest = trial.checkpoints().latest();
        if (latest == null) {
            throw new TuneException("trial " + trial.name() + " has no checkpoint: its trainable saves none (implement save and restore, "
                    + "or report checkpoints from a function trainable)");
        }
        return latest.checkpoint();
    }

    /** Refuses a wait for a save inside a decision that may run inline (on a trial's thread, which cannot take events). */
    private void requireDecisionMayWait(Trial trial, String what) {
        if (inline && deciding != null) {
            throw new IllegalStateException("the scheduler " + spec.scheduler().getClass().getName() + " asked to " + what + " trial " + trial.name()
                    + " while it decided on a result of trial " + deciding.name() + ", but it says it supportsBufferedResults(): its decisions may run on the "
                    + "reporting trial's thread, which cannot wait for a save. Return false from supportsBufferedResults().");
        }
    }

    private void awaitSaves(Trial trial) {
        events.awaitSaves(trial, this::handle, () -> checkpoints.dropPending(trial), () -> failStalledTrials(System.nanoTime()));
    }

    /** The executor's totals as a request (what a trial asking for everything would ask). */
    ResourceRequest totalResources() {
        MachineResources totals = executor.totals();
        return new ResourceRequest(totals.cpu(), totals.gpu(), totals.memoryBytes(), totals.custom());
    }

    /** A scheduler's new request for the trial, committed from its next start on. */
    void changeResources(Trial trial, ResourceRequest request) {
        if (trial.status().isFinished()) {
            throw new IllegalStateException("trial " + trial.name() + " is " + trial.status() + "; only an unfinished trial can change its resources");
        }
        if (!executor.canEverRun(request)) {
            throw new IllegalArgumentException("trial " + trial.name() + " cannot change its resources to " + request + ": the executor has only "
                    + executor.totals() + " in total; ask for at most that");
        }
        if (!request.equals(trial.resources())) {
            LOG.get().info("trial {} changes its resources from {} to {} (from its next start)", trial.name(), trial.resources(), request);
            trial.changeResources(request);
            snapshots.changed();
        }
    }

    /** PBT's exploit: copy {@code from} into the trial's folder as its latest checkpoint and take the new config and tag. */
    void exploit(Trial trial, Config newConfig, String newTag, CheckpointDir from) {
        requireDecisionMayWait(trial, "exploit a checkpoint into");
        if (trial.status().isFinished()) {
            throw new IllegalStateException("trial " + trial.name() + " is " + trial.status() + " and cannot exploit another trial");
        }
        TrackedCheckpoint donor = CheckpointBook.find(table.all(), from.path());
        if (donor == null) {
            throw new IllegalArgumentException("checkpoint " + from.path() + " is not a checkpoint of the experiment " + spec.name() + "; pass one that RunnerView.saveCheckpoint or TrialView.latestCheckpoint returned");
        }
        awaitSaves(trial);
        ensureDir(trial);
        checkpoints.adoptCopy(trial, donor);
        trial.exploit(newConfig, newTag);
        if (trial.status() == TrialStatus.RUNNING && !isDeciding(trial)) {
            pause(trial);
        }
    }
}
