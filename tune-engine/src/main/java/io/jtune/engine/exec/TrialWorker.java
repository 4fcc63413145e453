package io.jtune.engine.exec;

import io.jtune.api.ResourceRequest;
import io.jtune.api.trainable.CheckpointDir;
import io.jtune.api.trainable.TrialContext;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One run of one trial on a thread of the executor's pool. The driver sends commands; the worker
 * runs the trainable's code on its own thread and posts events. Commands are queued, so a save
 * asked for before a stop happens before it. A STEP answers one reported result; the worker takes
 * its next step once fewer than {@link RunAhead#results()} results are unanswered, their steps took
 * less than {@link RunAhead#aheadNanos()} together, and no other command is queued (with a buffer of
 * 1, after the driver's decision on each result). After a result
 * that {@linkplain RunAhead#holdsAt holds} the run, it waits until every result is answered, so a
 * save asked for on that result holds its state. The same worker runs the trials of the process and
 * cluster executors ({@code io.jtune.engine.remote.TrialHost}), so buffering behaves alike on all.
 */
abstract class TrialWorker implements Runnable, TrialContext {

    /** What the driver asks a worker to do. */
    enum Command { STEP, SAVE_REQUIRED, SAVE_OPTIONAL, STOP }

    /** Commands beyond the STEPs answering buffered results: saves and a stop. */
    private static final int MAX_QUEUED_COMMANDS = 16;

    protected final TrialLaunch launch;
    private final EventSink sink;
    private final BlockingQueue<Command> commands;
    /** How many results may be unanswered, from the launch. */
    private final int buffer;
    /** How many results may be unanswered now: the buffer, or 1 while a result that holds the run is unanswered. */
    private int room;
    /** Results posted that no STEP has answered yet. */
    private int unanswered;
    /** Results posted in this run. */
    private long postedResults;
    /** With a window that ramps up, how many results may be unanswered before the next is answered. */
    private long opened;
    /** The step times of the unanswered results (a ring of {@link #buffer} slots, by {@link #postedResults}), and their sum. */
    private final long[] stepTimes;
    private long unansweredNanos;
    private volatile boolean stopping;
    /** Set once, by whichever comes first: the worker exiting, or the driver abandoning it. */
    private final AtomicBoolean detached = new AtomicBoolean();
    /** The thread running this worker, set and cleared under {@link #threadLock} so an interrupt never hits the thread's next worker. */
    private Thread thread;
    private final Object threadLock = new Object();
    /** The training iteration the trainable's state is at. */
    protected long iteration;
    /**
     * Where the thread running this worker stands for {@link TrialThreadPool}: running, finishing, back
     * in the pool, or no longer counted on; read and set under the pool's lock only.
     */
    private int poolState = RUNNING;
    private static final int RUNNING = 0;
    private static final int FINISHING = 1;
    private static final int BACK_IN_POOL = 2;
    private static final int GIVEN_UP = 3;

    TrialWorker(TrialLaunch launch, EventSink sink) {
        this.launch = launch;
        this.sink = sink;
        this.iteration = launch.startIteration();
        this.buffer = launch.runAhead().results();
        this.room = buffer;
        this.commands = new ArrayBlockingQueue<>(MAX_QUEUED_COMMANDS + buffer);
        this.stepTimes = new long[buffer];
        this.opened = launch.runAhead().rampsUp() ? 1 : buffer;
    }

    final void command(Command command) {
        if (!commands.offer(command)) {
            throw new IllegalStateException("trial " + launch.trialId() + " has " + (MAX_QUEUED_COMMANDS + buffer)
                    + " commands queued already; the driver sent " + command + " without waiting for events");
        }
    }

    /** Ends the run after the commands queued so far. */
    final void stop() {
        this.stopping = true;
        command(Command.STOP);
    }

    /** Marks the worker's thread as finishing; false when the thread is back in the pool already (or was marked before). */
    final boolean markFinishing() {
        return moveFrom(RUNNING, FINISHING);
    }

    /** The thread is back in the pool; true when it was counted as finishing until now. */
    final boolean backInPool() {
        boolean wasFinishing = poolState == FINISHING;
        poolState = BACK_IN_POOL;
        return wasFinishing;
    }

    /** No longer counts the thread as finishing; true when it was counted until now. */
    final boolean stopCountingAsFinishing() {
        return moveFrom(FINISHING, GIVEN_UP);
    }

    private boolean moveFrom(int expected, int next) {
        if (poolState != expected) {
            return false;
        }
        poolState = next;
        return true;
    }

    final boolean isStopping() {
        return stopping;
    }

    /**
     * What to do after a result was posted: a queued SAVE or STOP first; STEP once fewer results
     * than there is room for are unanswered, their steps took less than the run may go ahead, and
     * nothing else is queued; else it waits for the driver.
     */
    final Command nextCommand() throws InterruptedException {
        while (true) {
            boolean mayStep = unanswered < room && unanswered < opened && unansweredNanos < launch.runAhead().aheadNanos();
            Command command = mayStep ? commands.poll() : commands.take();
            if (command == null) {
                return Command.STEP;
            }
            if (command != Command.STEP) {
                return command;
            }
            unansweredNanos -= stepTimes[(int) ((postedResults - unanswered) % buffer)];
            opened = Math.min(buffer, opened + 1);
            if (--unanswered == 0) {
                room = buffer;
                unansweredNanos = 0;
            }
        }
    }

    /**
     * Posts the result of the step to {@link #iteration} and counts it as unanswered. With a buffer
     * the trainable goes on before the driver reads the metrics, so they are copied (in their order)
     * from a map it may change, and a result that holds the run leaves room for no further one.
     */
    final void postResult(Map<String, ?> metrics, CheckpointDir checkpoint, long stepNanos) {
        Map<String, ?> posted = metrics;
        if (buffer > 1) {
            posted = Collections.unmodifiableMap(new LinkedHashMap<>(metrics));
            if (launch.runAhead().holdsAt(iteration, posted)) {
                room = 1;
            }
        }
        stepTimes[(int) (postedResults++ % buffer)] = stepNanos;
        unansweredNanos += stepNanos;
        unanswered++;
        if (!detached.get()) {
            sink.postResult(new TrialEvent.Reported(launch.trialId(), launch.runId(), posted, checkpoint, stepNanos), freeAtStop());
        }
    }

    /** Whether this run's thread, told to stop now, would run no user code before it is free for another run. */
    protected boolean freeAtStop() {
        return false;
    }

    /** A command already queued, or null. */
    final Command queuedCommand() {
        return commands.poll();
    }

    final void post(TrialEvent event) {
        if (!detached.get()) {
            sink.post(event);
        }
    }

    /**
     * The driver gave up on this run: it posts nothing from now on and no longer counts as live;
     * its thread is interrupted (a step blocked in a wait ends, a spinning one goes on). False when
     * the worker had exited already.
     */
    final boolean abandon() {
        if (!detached.compareAndSet(false, true)) {
            return false;
        }
        this.stopping = true;
        commands.offer(Command.STOP);
        synchronized (threadLock) {
            if (thread != null) {
                thread.interrupt();
            }
        }
        return true;
    }

    /** The name of the thread running this worker while it runs, else null. */
    final String threadName() {
        synchronized (threadLock) {
            return thread == null ? null : thread.getName();
        }
    }

    /** The trial's folder name, which is its name. */
    final String trialName() {
        return launch.trialDir().getFileName().toString();
    }

    final void postSaved(CheckpointDir checkpoint, long atIteration) {
        post(new TrialEvent.Saved(launch.trialId(), launch.runId(), checkpoint, atIteration));
    }

    final void postFailed(Throwable error) {
        post(new TrialEvent.Failed(launch.trialId(), launch.runId(), error));
    }

    @Override
    public final void run() {
        synchronized (threadLock) {
            thread = Thread.currentThread();
        }
        TrialContext.Binding.bind(this);
        try {
            work();
        } finally {
            TrialContext.Binding.clear();
            exited();
            synchronized (threadLock) {
                thread = null;
            }
            if (detached.compareAndSet(false, true)) {
                sink.exited(launch);
            }
        }
    }

    @Override
    public String trialId() {
        return launch.trialId();
    }

    @Override
    public Path trialDir() {
        return launch.trialDir();
    }

    @Override
    public ResourceRequest resources() {
        return launch.resources();
    }

    @Override
    public List<Integer> gpuIds() {
        return launch.gpuIds();
    }

    /** Runs the trial until STOP, the end of training or an error. */
    protected abstract void work();

    /** Called once when the worker is done, before the executor hears of it. */
    protected void exited() {
    }
}
