package io.jtune.engine.exec;

import io.jtune.api.ResourceRequest;
import io.jtune.api.trainable.Trainable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The in-process {@link TrialExecutor}: each running trial is a worker on a pooled daemon thread
 * (a thread is reused across trials), steps run off the driver thread, and every worker posts to
 * one event queue the driver takes from. Resources are accounted against {@link MachineResources}.
 */
public final class LocalTrialExecutor implements TrialExecutor {
    private static final Logger LOG = LoggerFactory.getLogger(LocalTrialExecutor.class);
    private static final long CLOSE_WAIT_SECONDS = 30;

    private final TrainableSpec trainable;
    private final ResourcePool pool;
    private final TrainableCache cache;
    private final ExecutorService threads = Executors.newCachedThreadPool(new WorkerThreads());
    /** Posted when the last live worker exits, so a driver waiting for an event that cannot come wakes up. */
    private static final Object IDLE = new Object();

    private final LinkedBlockingQueue<Object> events = new LinkedBlockingQueue<>();
    private final AtomicInteger liveWorkers = new AtomicInteger();
    private final Map<String, TrialWorker> running = new HashMap<>();
    private final EventSink sink;

    /** {@code reuseTrainables}: keep class-API trainables of stopped trials and {@code reset} them for the next. */
    public LocalTrialExecutor(TrainableSpec trainable, MachineResources totals, boolean reuseTrainables) {
        this(trainable, new ResourcePool(totals), reuseTrainables, null);
    }

    /**
     * An executor that hands every event to {@code sink} on the thread that runs the trial, instead
     * of queueing it for {@link #nextEvent()} (which then never returns one), and accounts no
     * resources: whoever sends it commands (a trial process's host) does. Runs of one trial id
     * must not overlap unless the earlier one was stopped.
     */
    public LocalTrialExecutor(TrainableSpec trainable, boolean reuseTrainables, EventSink sink) {
        this(trainable, null, reuseTrainables, sink);
    }

    private LocalTrialExecutor(TrainableSpec trainable, ResourcePool pool, boolean reuseTrainables, EventSink sink) {
        this.trainable = trainable;
        this.pool = pool;
        this.cache = reuseTrainables && trainable instanceof TrainableSpec.ClassApi ? new TrainableCache() : null;
        this.sink = sink != null ? counting(sink, false) : counting(new EventSink() {
            @Override
            public void post(TrialEvent event) {
                events.add(event);
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
            public void exited(TrialLaunch launch) {
                target.exited(launch);
                if (liveWorkers.decrementAndGet() == 0 && wakeDriver) {
                    events.add(IDLE);
                }
            }
        };
    }

    @Override
    public MachineResources totals() {
        return pool == null ? new MachineResources(0, 0, 0, Map.of()) : pool.totals();
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
            pool.commit(launch.resources());
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
            pool.release(worker.launch.resources());
        }
        if (reusable && cache != null && worker instanceof ClassTrialWorker classWorker) {
            CompletableFuture<Trainable> slot = cache.reserve();
            if (slot != null && !classWorker.handOffTo(slot)) {
                slot.complete(null);
            }
        }
        worker.stop();
    }

    @Override
    public TrialEvent nextEvent() throws InterruptedException {
        while (true) {
            Object next = events.take();
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
        return liveWorkers.get() > 0 || events.stream().anyMatch(e -> e != IDLE);
    }

    @Override
    public void close() {
        for (String id : new ArrayList<>(running.keySet())) {
            stop(id, false);
        }
        threads.shutdown();
        try {
            if (!threads.awaitTermination(CLOSE_WAIT_SECONDS, TimeUnit.SECONDS)) {
                LOG.warn("trainables still running {} s after the experiment ended; interrupting them", CLOSE_WAIT_SECONDS);
                threads.shutdownNow();
            }
        } catch (InterruptedException e) {
            threads.shutdownNow();
            Thread.currentThread().interrupt();
        }
        if (cache != null) {
            for (CompletableFuture<Trainable> slot : cache.drain()) {
                ClassTrialWorker.cleanup(slot.getNow(null));
            }
        }
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
