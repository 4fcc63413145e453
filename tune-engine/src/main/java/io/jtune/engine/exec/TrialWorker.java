package io.jtune.engine.exec;

import io.jtune.api.trainable.Checkpoint;
import io.jtune.api.trainable.TrialContext;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

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
        sink.post(event);
    }

    final void postSaved(Checkpoint checkpoint, long atIteration) {
        post(new TrialEvent.Saved(launch.trialId(), launch.runId(), checkpoint, atIteration));
    }

    final void postFailed(Throwable error) {
        post(new TrialEvent.Failed(launch.trialId(), launch.runId(), error));
    }

    @Override
    public final void run() {
        TrialContext.Binding.bind(this);
        try {
            work();
        } finally {
            TrialContext.Binding.clear();
            exited();
            sink.exited(launch);
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
    public List<Integer> gpuIds() {
        return launch.gpuIds();
    }

    /** Runs the trial until STOP, the end of training or an error. */
    protected abstract void work();

    /** Called once when the worker is done, before the executor hears of it. */
    protected void exited() {
    }
}
