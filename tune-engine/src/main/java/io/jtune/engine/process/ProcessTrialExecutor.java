package io.jtune.engine.process;

import io.jtune.api.ResourceRequest;
import io.jtune.api.TuneException;
import io.jtune.engine.exec.ResourcePool;
import io.jtune.engine.exec.RunAhead;
import io.jtune.engine.exec.TrialEvent;
import io.jtune.engine.exec.TrialExecutor;
import io.jtune.engine.exec.TrialLaunch;
import io.jtune.engine.log.LazyLogger;
import io.jtune.engine.remote.Command;
import io.jtune.engine.remote.Event;
import io.jtune.engine.remote.EventMapping;
import io.jtune.engine.remote.GatheredContinues;
import io.jtune.engine.remote.TrainableClasses;
import io.jtune.engine.remote.WireFormat;
import io.jtune.engine.spec.TrainableSpec;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Runs every trial in a worker JVM of its own on this machine ({@link ProcessWorkerMain}), so that
 * {@code System.exit}, {@code Runtime.halt}, a crash, an {@link OutOfMemoryError} or a step that
 * never returns fails only its trial. Workers are pooled: a worker whose trial stopped takes the
 * next trial of the same {@link WorkerShape} (heap limit and GPUs), so a JVM start is paid once
 * per slot, not per trial. Driver and worker speak the {@code io.jtune.engine.remote} protocol in
 * binary {@link Frames} over the worker's stdin and stdout; nothing listens on the network. The
 * driver's commands are written when it is about to wait for events (or after every
 * {@value #FLUSH_EVERY} events it took), so one pass of its loop costs one write per worker.
 *
 * <p>Per trial, a memory request becomes the worker's {@code -Xmx} (the heap limit; the process's
 * resident size is larger by the JVM's own memory: metaspace, thread stacks, code cache, GC and
 * direct buffers), and its GPUs become {@code CUDA_VISIBLE_DEVICES}. A worker that exits fails its
 * trial with a {@link WorkerLostError} naming the trial, the cause and the worker's last stderr
 * lines; the next trial gets a new worker. Workers end with the driver: they exit when their stdin
 * closes and watch the driver's PID.
 *
 * <p>Trainables are named by class ({@link TrainableClasses}); a lambda or factory is refused
 * when the executor is made.
 */
public final class ProcessTrialExecutor implements TrialExecutor {
    private static final LazyLogger LOG = new LazyLogger(ProcessTrialExecutor.class);
    private static final long CLOSE_WAIT_SECONDS = 10;
    /**
     * Without {@code Tuner.resultBuffer}, a run streams up to this many results ahead of the driver's
     * decisions (where buffering is safe), so it does not wait out each result's round trip over the pipes.
     */
    static final int DEFAULT_WINDOW = 256;
    /** The step time the results waiting for decisions may add up to: a run of longer steps waits for each decision, as on threads. */
    static final long DEFAULT_AHEAD_NANOS = TimeUnit.MILLISECONDS.toNanos(5);
    /** Commands are written at the latest after the driver took this many events. */
    private static final int FLUSH_EVERY = 32;

    /** One run of a trial on a worker; driver thread only. */
    private static final class Run {
        final TrialLaunch launch;
        final WorkerProcess worker;

        Run(TrialLaunch launch, WorkerProcess worker) {
            this.launch = launch;
            this.worker = worker;
        }

        String trialName() {
            return launch.trialDir().getFileName() + " (id " + launch.trialId() + ")";
        }
    }

    private final String trainableClass;
    private final boolean reuseTrainables;
    private final ProcessOptions options;
    private final ResourcePool pool;
    private final LinkedBlockingQueue<WorkerProcess.Message> inbox = new LinkedBlockingQueue<>();
    private final ArrayDeque<TrialEvent> ready = new ArrayDeque<>();
    /** Started and not yet stopped, by trial id. */
    private final Map<String, Run> active = new HashMap<>();
    /** Started and not yet ended on the worker, by run id. */
    private final Map<Long, Run> live = new HashMap<>();
    private final List<WorkerProcess> idle = new ArrayList<>();
    private final GatheredContinues continues = new GatheredContinues(c -> send(c.trialId(), c));
    /** Every worker not known to have exited; read by the shutdown hook. */
    private final Set<WorkerProcess> workers = ConcurrentHashMap.newKeySet();
    private final Thread killWorkersAtExit = new Thread(() -> workers.forEach(WorkerProcess::kill), "jtune-kill-trial-workers");
    private boolean hookAdded;
    /** Events handed to the driver since the commands were last written. */
    private int sinceFlush;

    /**
     * An executor for {@code trainable}, which must be named by class.
     *
     * @throws IllegalArgumentException naming the trainable when it is a lambda or factory
     */
    public ProcessTrialExecutor(TrainableSpec trainable, ResourceRequest totals, boolean reuseTrainables, ProcessOptions options) {
        this.trainableClass = TrainableClasses.remoteName(trainable);
        this.reuseTrainables = reuseTrainables;
        this.options = options;
        this.pool = new ResourcePool(totals);
    }

    @Override
    public ResourceRequest totals() {
        return pool.totals();
    }

    @Override
    public String description() {
        int n = workers.size();
        return n == 0 ? "worker processes" : n + (n == 1 ? " worker process" : " worker processes");
    }

    /** A paced window of {@value #DEFAULT_WINDOW} results, holding the run once the unanswered steps took 5 ms. */
    @Override
    public RunAhead defaultRunAhead() {
        return RunAhead.paced(DEFAULT_WINDOW, DEFAULT_AHEAD_NANOS);
    }

    @Override
    public boolean hasResources(ResourceRequest request) {
        return pool.hasFree(request);
    }

    @Override
    public boolean canEverRun(ResourceRequest request) {
        return pool.fitsTotals(request);
    }

    @Override
    public void start(TrialLaunch launch) {
        if (active.containsKey(launch.trialId())) {
            throw new IllegalStateException("trial " + launch.trialId() + " is already running");
        }
        launch = launch.withGpuIds(pool.commit(launch.resources()));
        WorkerProcess worker;
        try {
            worker = acquire(WorkerShape.of(launch.resources().memoryBytes(), launch.gpuIds()));
        } catch (IOException e) {
            pool.release(launch.resources(), launch.gpuIds());
            throw new TuneException("cannot start a worker JVM for trial " + launch.trialId() + " with " + options.java() + ": " + e.getMessage()
                    + "; check ProcessOptions.java() and the class path", e);
        }
        Run run = new Run(launch, worker);
        active.put(launch.trialId(), run);
        live.put(launch.runId(), run);
        worker.send(Command.StartTrial.of(launch, trainableClass, reuseTrainables));
    }

    /**
     * An idle worker of this shape, else a new one (ending an idle worker of another shape, so the
     * pool does not grow). Idle workers that died meanwhile are dropped; their exit is reported as usual.
     */
    private WorkerProcess acquire(WorkerShape shape) throws IOException {
        idle.removeIf(w -> !w.isAlive());
        for (Iterator<WorkerProcess> it = idle.iterator(); it.hasNext(); ) {
            WorkerProcess w = it.next();
            if (w.shape().equals(shape)) {
                it.remove();
                return w;
            }
        }
        if (!idle.isEmpty()) {
            idle.remove(0).shutdown();
        }
        if (!hookAdded) {
            Runtime.getRuntime().addShutdownHook(killWorkersAtExit);
            hookAdded = true;
        }
        WorkerProcess worker = WorkerProcess.start(options, shape, inbox::add);
        workers.add(worker);
        return worker;
    }

    @Override
    public void continueTraining(String trialId) {
        continues.answer(trialId, run(trialId).launch.runAhead());
    }

    @Override
    public void save(String trialId, boolean required) {
        continues.flush(trialId);
        send(trialId, new Command.Save(trialId, required));
    }

    private void send(String trialId, Command command) {
        run(trialId).worker.send(command);
    }

    private Run run(String trialId) {
        Run run = active.get(trialId);
        if (run == null) {
            throw new IllegalStateException("trial " + trialId + " is not running in this executor");
        }
        return run;
    }

    @Override
    public void stop(String trialId, boolean reusable) {
        if (!active.containsKey(trialId)) {
            return;
        }
        continues.flush(trialId);
        Run run = active.remove(trialId);
        pool.release(run.launch.resources(), run.launch.gpuIds());
        if (!run.worker.gone) {
            run.worker.send(new Command.Stop(trialId, reusable));
            idle.add(run.worker);
        }
    }

    /**
     * Ends the trial's run at once by killing its worker (a stalled step cannot be stopped
     * otherwise), releases its resources, and posts no event of that run again.
     */
    @Override
    public void abandon(String trialId, String reason) {
        continues.drop(trialId);
        Run run = active.remove(trialId);
        if (run == null) {
            return;
        }
        pool.release(run.launch.resources(), run.launch.gpuIds());
        live.remove(run.launch.runId());
        LOG.get().warn("killing the worker process {} of trial {}: {}", run.worker.pid(), run.trialName(), reason);
        run.worker.kill();
    }

    @Override
    public void wakeDriver() {
        inbox.add(new WorkerProcess.WakeDriver());
    }

    @Override
    public TrialEvent nextEvent(long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        while (true) {
            if (!ready.isEmpty()) {
                return handOut(ready.poll());
            }
            if (live.isEmpty()) {
                flushCommands();
                return null;
            }
            WorkerProcess.Message message = inbox.poll();
            if (message == null) {
                continues.flushAll(); // the workers get every answer before the driver waits
                flushCommands();
                message = inbox.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
            }
            if (message == null || message instanceof WorkerProcess.WakeDriver) {
                flushCommands();
                return null;
            }
            TrialEvent event = take(message);
            if (event != null) {
                return handOut(event);
            }
        }
    }

    /** The event, after writing the commands given since the last write when {@value #FLUSH_EVERY} events were taken meanwhile. */
    private TrialEvent handOut(TrialEvent event) {
        if (++sinceFlush >= FLUSH_EVERY) {
            flushCommands();
        }
        return event;
    }

    /** Writes every worker's buffered commands. */
    private void flushCommands() {
        sinceFlush = 0;
        for (WorkerProcess w : workers) {
            if (w.hasUnflushed()) {
                w.flush();
            }
        }
    }

    /** What a worker's message means to the driver: an event to hand out, or null when it only updates the books. */
    private TrialEvent take(WorkerProcess.Message message) {
        if (message instanceof WorkerProcess.Exited exited) {
            onExit(exited);
            return null;
        }
        Event event = ((WorkerProcess.Inbound) message).event();
        if (event instanceof Event.Ready r) {
            onReady(message.from(), r);
            return null;
        }
        if (event instanceof Event.RunEnded ended) {
            live.remove(ended.runId());
            return null;
        }
        return live.containsKey(runIdOf(event)) ? EventMapping.toTrialEvent(event) : null;
    }

    private static long runIdOf(Event event) {
        if (event instanceof Event.Reported r) {
            return r.runId();
        }
        if (event instanceof Event.Saved s) {
            return s.runId();
        }
        if (event instanceof Event.Finished f) {
            return f.runId();
        }
        return ((Event.Failed) event).runId();
    }

    private void onReady(WorkerProcess worker, Event.Ready ready) {
        LOG.get().debug("worker {} ready {} ms after its start", ready.pid(), TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - worker.startedNanos()));
        if (ready.protocolVersion() != WireFormat.PROTOCOL_VERSION) {
            LOG.get().error("worker {} speaks protocol {}, this driver {}: its class path holds another jtune version; killing it", ready.pid(),
                    ready.protocolVersion(), WireFormat.PROTOCOL_VERSION);
            worker.kill();
        }
    }

    /** Every run still live on the exited worker fails (runs the driver abandoned are no longer live). */
    private void onExit(WorkerProcess.Exited exited) {
        WorkerProcess worker = exited.from();
        worker.gone = true;
        workers.remove(worker);
        idle.remove(worker);
        List<String> tail = worker.tail();
        for (Iterator<Run> it = live.values().iterator(); it.hasNext(); ) {
            Run run = it.next();
            if (run.worker == worker) {
                it.remove();
                WorkerLostError error = new WorkerLostError(run.trialName(), exited, tail);
                ready.add(new TrialEvent.Failed(run.launch.trialId(), run.launch.runId(), error));
            }
        }
    }

    @Override
    public boolean hasPendingEvents() {
        return !ready.isEmpty() || !live.isEmpty();
    }

    /** Stops every run, asks every worker to exit, and kills those still alive after a bounded wait. */
    @Override
    public void close() {
        for (String id : new ArrayList<>(active.keySet())) {
            stop(id, false);
        }
        workers.forEach(WorkerProcess::shutdown);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(CLOSE_WAIT_SECONDS);
        try {
            for (WorkerProcess w : workers) {
                if (!w.awaitExit(deadline)) {
                    LOG.get().warn("worker process {} did not exit {} s after the experiment ended; killing it", w.pid(), CLOSE_WAIT_SECONDS);
                    w.kill();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            workers.forEach(WorkerProcess::kill);
        }
        workers.clear();
        idle.clear();
        if (hookAdded) {
            try {
                Runtime.getRuntime().removeShutdownHook(killWorkersAtExit);
            } catch (IllegalStateException e) {
                // the JVM is shutting down: the hook runs anyway
            }
        }
    }
}
