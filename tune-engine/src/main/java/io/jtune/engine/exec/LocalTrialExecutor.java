package io.jtune.engine.exec;

import io.jtune.api.ResourceRequest;
import io.jtune.api.trainable.ClassTrainable;
import io.jtune.engine.log.LazyLogger;
import io.jtune.engine.spec.TrainableSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
/**
 * The in-process {@link TrialExecutor}: each running trial is a worker on a pooled daemon thread
 * (a thread is reused across trials), steps run off the driver thread, and every worker posts to
 * one event queue the driver takes from, unless the driver's {@linkplain #handleInline inline handler}
 * takes the event on the worker's thread. Resources are accounted against {@link ResourceRequest}.
 * A thread cannot be killed: an {@link #abandon abandoned} run's thread is interrupted and left to
 * itself, and {@link #close()} names every trial whose thread is still running.
 */
public final class LocalTrialExecutor implements TrialExecutor {
    private static final LazyLogger LOG = new LazyLogger(LocalTrialExecutor.class);
    /** How long {@link #close()} lets steps in flight finish before it interrupts them, by default. */
    public static final Duration DEFAULT_CLOSE_GRACE = Duration.ofSeconds(30);
    /** How long {@link #close()} waits for interrupted workers before it names those still running. */
    private static final Duration INTERRUPT_WAIT = Duration.ofSeconds(2);

    private final TrainableSpec trainable;
    private final ResourcePool pool;
    private final TrainableCache cache;
    private final Duration closeGrace;
    private final TrialThreadPool threads;
    /** Posted when the last live worker exits, so a driver waiting for an event that cannot come wakes up. */
    private static final Object IDLE = new Object();
    /** Posted to make the waiting driver look at its state again ({@link #wakeDriver}). */
    private static final Object WAKE = new Object();

    private final LinkedBlockingQueue<Object> events = new LinkedBlockingQueue<>();
    private final AtomicInteger liveWorkers = new AtomicInteger();
    private final Map<String, TrialWorker> running = new HashMap<>();
    /**
     * Stopped or abandoned runs whose threads may still be in them, named at close if they are;
     * guarded by itself (the driver's waiting thread reads it while an inline handler may add to it).
     */
    private final List<TrialWorker> leaving = new ArrayList<>();
    /** Notified when the last live worker exits. */
    private final Object noneLive = new Object();
    private final EventSink sink;
    private volatile InlineHandler inline;

    /** {@code reuseTrainables}: keep class-API trainables of stopped trials and {@code reset} them for the next. */
    public LocalTrialExecutor(TrainableSpec trainable, ResourceRequest totals, boolean reuseTrainables) {
        this(trainable, totals, reuseTrainables, DEFAULT_CLOSE_GRACE);
    }

    /** {@code closeGrace}: how long {@link #close()} lets steps in flight finish before it interrupts them. */
    public LocalTrialExecutor(TrainableSpec trainable, ResourceRequest totals, boolean reuseTrainables, Duration closeGrace) {
        this(trainable, new ResourcePool(totals), reuseTrainables, null, closeGrace);
    }

    /**
     * An executor that hands every event to {@code sink} on the thread that runs the trial, instead
     * of queueing it for {@link #nextEvent()} (which then never returns one), and accounts no
     * resources: whoever sends it commands (a trial process's host) does. Runs of one trial id
     * must not overlap unless the earlier one was stopped.
     */
    public LocalTrialExecutor(TrainableSpec trainable, boolean reuseTrainables, EventSink sink) {
        this(trainable, null, reuseTrainables, sink, DEFAULT_CLOSE_GRACE);
    }

    private LocalTrialExecutor(TrainableSpec trainable, ResourcePool pool, boolean reuseTrainables, EventSink sink, Duration closeGrace) {
        this.closeGrace = closeGrace;
        this.threads = new TrialThreadPool(new WorkerThreads(), sink == null);
        this.trainable = trainable;
        this.pool = pool;
        this.cache = reuseTrainables && trainable instanceof TrainableSpec.ClassApi ? new TrainableCache() : null;
        this.sink = sink != null ? counting(sink, false) : counting(new EventSink() {
            @Override
            public void post(TrialEvent event) {
                offerOrQueue(event, false);
            }

            @Override
            public void postResult(TrialEvent.Reported result, boolean freeAtStop) {
                offerOrQueue(result, freeAtStop);
            }

            private void offerOrQueue(TrialEvent event, boolean freeAtStop) {
                InlineHandler handler = inline;
                InlineHandler.Outcome outcome = handler == null ? InlineHandler.Outcome.QUEUE : handler.offer(event, freeAtStop);
                if (outcome == InlineHandler.Outcome.QUEUE) {
                    events.add(event);
                } else if (outcome == InlineHandler.Outcome.HANDLED_WAKE_DRIVER) {
                    wakeDriver();
                }
            }

            @Override
            public void exited(TrialLaunch launch) {
            }
        }, true);
    }

    /** Counts live workers around {@code target}; {@code wakeDriver}: queue IDLE when the last one exits. */
    private EventSink counting(EventSink target, boolean wakeDriver) {
        return new EventSink() {
            @Override
            public void post(TrialEvent event) {
                target.post(event);
            }

            @Override
            public void postResult(TrialEvent.Reported result, boolean freeAtStop) {
                target.postResult(result, freeAtStop);
            }

            @Override
            public void exited(TrialLaunch launch) {
                target.exited(launch);
                noLongerLive(wakeDriver);
            }
        };
    }

    private void noLongerLive(boolean wakeDriver) {
        if (liveWorkers.decrementAndGet() == 0) {
            if (wakeDriver) {
                events.add(IDLE);
            }
            synchronized (noneLive) {
                noneLive.notifyAll();
            }
        }
    }

    @Override
    public ResourceRequest totals() {
        return pool == null ? new ResourceRequest(0, 0, 0, Map.of()) : pool.totals();
    }

    @Override
    public String description() {
        return "threads in this JVM";
    }

    @Override
    public boolean hasResources(ResourceRequest request) {
        return pool == null || pool.hasFree(request);
    }

    @Override
    public boolean canEverRun(ResourceRequest request) {
        return pool == null || pool.fitsTotals(request);
    }

    @Override
    public void start(TrialLaunch launch) {
        if (running.containsKey(launch.trialId())) {
            throw new IllegalStateException("trial " + launch.trialId() + " is already running");
        }
        if (pool != null) {
            launch = launch.withGpuIds(pool.commit(launch.resources()));
        }
        TrialWorker worker = trainable instanceof TrainableSpec.ClassApi c
                ? new ClassTrialWorker(launch, sink, c.factory(), cache == null ? null : cache.poll())
                : new FunctionTrialWorker(launch, sink, ((TrainableSpec.FunctionApi) trainable).function());
        running.put(launch.trialId(), worker);
        liveWorkers.incrementAndGet();
        if (cache != null) {
            cache.noteRunning(running.size());
        }
        threads.execute(worker);
    }

    @Override
    public void continueTraining(String trialId) {
        worker(trialId).command(TrialWorker.Command.STEP);
    }

    @Override
    public void save(String trialId, boolean required) {
        worker(trialId).command(required ? TrialWorker.Command.SAVE_REQUIRED : TrialWorker.Command.SAVE_OPTIONAL);
    }

    @Override
    public void stop(String trialId, boolean reusable) {
        TrialWorker worker = running.remove(trialId);
        if (worker == null) {
            return;
        }
        if (pool != null) {
            pool.release(worker.launch.resources(), worker.launch.gpuIds());
        }
        if (reusable && cache != null && worker instanceof ClassTrialWorker classWorker) {
            CompletableFuture<ClassTrainable> slot = cache.reserve();
            if (slot != null && !classWorker.handOffTo(slot)) {
                slot.complete(null);
            }
        }
        threads.finishing(worker);
        worker.stop();
        noteLeaving(worker);
    }

    @Override
    public void abandon(String trialId, String reason) {
        TrialWorker worker = running.remove(trialId);
        if (worker == null) {
            return;
        }
        if (pool != null) {
            pool.release(worker.launch.resources(), worker.launch.gpuIds());
        }
        boolean wasLive = worker.abandon();
        events.removeIf(e -> e instanceof TrialEvent t && t.runId() == worker.launch.runId() && t.trialId().equals(trialId));
        if (wasLive) {
            noLongerLive(pool != null);
            noteLeaving(worker);
            String thread = worker.threadName();
            if (thread != null) {
                LOG.get().warn("trial {} abandoned ({}); its thread {} was interrupted and is left to itself (a thread cannot be killed); "
                        + "nothing it posts counts any more", worker.trialName(), reason, thread);
            }
        }
    }

    /**
     * The next event, waiting up to {@code timeout}; while a started worker waits for a finishing
     * thread, it gets a thread of its own once this has waited {@link TrialThreadPool#HAND_OFF_WAIT_NANOS}
     * without an event.
     */
    @Override
    public TrialEvent nextEvent(long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        while (true) {
            long left = deadline - System.nanoTime();
            boolean handingOff = threads.hasWaiting();
            Object next = events.poll(handingOff ? Math.min(left, TrialThreadPool.HAND_OFF_WAIT_NANOS) : left, TimeUnit.NANOSECONDS);
            if (next == null) {
                if (handingOff && left >= TrialThreadPool.HAND_OFF_WAIT_NANOS && threads.hasWaiting()) {
                    synchronized (leaving) {
                        threads.rescueWaiting(leaving);
                    }
                }
                if (deadline - System.nanoTime() <= 0) {
                    return null;
                }
                continue;
            }
            if (next == WAKE) {
                return null;
            }
            if (next != IDLE) {
                return (TrialEvent) next;
            }
            if (liveWorkers.get() == 0 && events.isEmpty()) {
                return null;
            }
        }
    }

    @Override
    public boolean hasPendingEvents() {
        return liveWorkers.get() > 0 || events.stream().anyMatch(e -> e instanceof TrialEvent);
    }

    /** Offers every event of a run on this executor's threads to {@code handler} first (not for an executor with a sink of its own). */
    @Override
    public void handleInline(InlineHandler handler) {
        this.inline = handler;
    }

    @Override
    public void wakeDriver() {
        events.add(WAKE);
    }

    @Override
    public void close() {
        for (String id : new ArrayList<>(running.keySet())) {
            stop(id, false);
        }
        List<TrialWorker> left;
        synchronized (leaving) {
            threads.rescueWaiting(leaving);
            left = new ArrayList<>(leaving);
        }
        threads.shutdown();
        try {
            if (!awaitNoLiveWorkers(closeGrace)) {
                LOG.get().warn("trainables still running {} ms after the experiment ended; interrupting them", closeGrace.toMillis());
                threads.shutdownNow();
                awaitNoLiveWorkers(INTERRUPT_WAIT);
            }
        } catch (InterruptedException e) {
            threads.shutdownNow();
            Thread.currentThread().interrupt();
        }
        for (TrialWorker worker : left) {
            String thread = worker.threadName();
            if (thread != null) {
                LOG.get().warn("trial {} is still running on thread {} after the experiment ended and does not stop; it is left behind (a daemon thread)",
                        worker.trialName(), thread);
            }
        }
        if (cache != null) {
            for (CompletableFuture<ClassTrainable> slot : cache.drain()) {
                ClassTrialWorker.cleanup(slot.getNow(null));
            }
        }
    }

    private void noteLeaving(TrialWorker worker) {
        synchronized (leaving) {
            leaving.removeIf(w -> w.threadName() == null);
            leaving.add(worker);
        }
    }

    /** Waits for the workers not abandoned to exit; true when they all did within {@code wait}. */
    private boolean awaitNoLiveWorkers(Duration wait) throws InterruptedException {
        long deadline = System.nanoTime() + wait.toNanos();
        synchronized (noneLive) {
            while (liveWorkers.get() > 0) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                TimeUnit.NANOSECONDS.timedWait(noneLive, left);
            }
        }
        return true;
    }

    private TrialWorker worker(String trialId) {
        TrialWorker worker = running.get(trialId);
        if (worker == null) {
            throw new IllegalStateException("trial " + trialId + " is not running in this executor");
        }
        return worker;
    }

    private static final class WorkerThreads implements ThreadFactory {
        private final AtomicInteger count = new AtomicInteger();

        @Override
        public Thread newThread(Runnable r) {
            Thread t = new Thread(r, "jtune-trial-worker-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        }
    }
}
