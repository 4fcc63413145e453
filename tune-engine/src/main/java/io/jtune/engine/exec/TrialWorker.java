package io.jtune.engine.exec;

import io.jtune.api.ResourceRequest;
import io.jtune.api.trainable.Checkpoint;
import io.jtune.api.trainable.TrialContext;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One run of one trial on a thread of the executor's pool. The driver sends commands; the worker
 * runs the trainable's code on its own thread and posts events. Commands are queued, so a save
 * asked for before a stop happens before it.
 */
abstract class TrialWorker implements Runnable, TrialContext {

    /** What the driver asks a worker to do. */
    enum Command { STEP, SAVE_REQUIRED, SAVE_OPTIONAL, STOP }

    private static final int MAX_QUEUED_COMMANDS = 16;

    protected final TrialLaunch launch;
    private final EventSink sink;
    private final BlockingQueue<Command> commands = new ArrayBlockingQueue<>(MAX_QUEUED_COMMANDS);
    private volatile boolean stopping;
    /** Set once, by whichever comes first: the worker exiting, or the driver abandoning it. */
    private final AtomicBoolean detached = new AtomicBoolean();
    /** The thread running this worker, set and cleared under {@link #threadLock} so an interrupt never hits the thread's next worker. */
    private Thread thread;
    private final Object threadLock = new Object();
    /** The training iteration the trainable's state is at. */
    protected long iteration;

    TrialWorker(TrialLaunch launch, EventSink sink) {
        this.launch = launch;
        this.sink = sink;
        this.iteration = launch.startIteration();
    }

    final void command(Command command) {
        if (!commands.offer(command)) {
            throw new IllegalStateException("trial " + launch.trialId() + " has " + MAX_QUEUED_COMMANDS + " commands queued already; the driver sent " + command + " without waiting for events");
        }
    }

    /** Ends the run after the commands queued so far. */
    final void stop() {
        this.stopping = true;
        command(Command.STOP);
    }

    final boolean isStopping() {
        return stopping;
    }

    final Command nextCommand() throws InterruptedException {
        return commands.take();
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

    final void postSaved(Checkpoint checkpoint, long atIteration) {
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
