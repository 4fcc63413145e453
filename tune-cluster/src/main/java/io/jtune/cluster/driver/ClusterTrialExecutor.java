package io.jtune.cluster.driver;

import io.jtune.api.ConfigurationKeys;
import io.jtune.api.ResourceRequest;
import io.jtune.api.TuneException;
import io.jtune.cluster.node.NodeConfig;
import io.jtune.cluster.node.TlsFiles;
import io.jtune.cluster.node.TrainableCode;
import io.jtune.cluster.wire.ToWorker;
import io.jtune.engine.exec.ResourcePool;
import io.jtune.engine.exec.RunAhead;
import io.jtune.engine.exec.TrialEvent;
import io.jtune.engine.exec.TrialExecutor;
import io.jtune.engine.exec.TrialLaunch;
import io.jtune.engine.remote.Command;
import io.jtune.engine.remote.GatheredContinues;
import io.jtune.engine.remote.TrainableClasses;
import io.jtune.engine.spec.ExperimentSpec;
import io.jtune.engine.spec.TrainableSpec;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The cluster {@link TrialExecutor}: the driver of a Pekko cluster whose workers
 * ({@code io.jtune.cluster.Worker}) run the trials as actors. Its totals are the sum of the live
 * workers'; a trial goes to one worker with its whole request free (the one with the most free
 * CPUs), which assigns it GPU indices of that worker the way a {@link ResourcePool} does (whole GPUs
 * exclusive, fractions packed), handed to the trial as {@code TrialContext.gpuIds()}; trials wait
 * while the cluster is too small and start as workers join. A worker's loss
 * posts {@link TrialEvent.Lost} for each of its runs. Results and checkpoints come back to this
 * process, which alone writes the experiment folder.
 */
public final class ClusterTrialExecutor implements TrialExecutor {
    private static final Logger LOG = LoggerFactory.getLogger(ClusterTrialExecutor.class);
    private static final Duration CLOSE_WAIT = Duration.ofSeconds(30);
    private static final long WAITING_NOTE_NANOS = TimeUnit.SECONDS.toNanos(30);
    /**
     * Gathered answers wait at most this long: a buffered run's answers go out once half its buffer is
     * answered, at once when a result holds the run, and at the latest after this (a safety net).
     */
    private static final long GATHER_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    /** A live worker, what its trials hold, and when it last got a trial (ties go to the least recently used). */
    private static final class Slot {
        final ActorRef<ToWorker> ref;
        final String node;
        final ResourcePool pool;
        long lastStart;

        Slot(ActorRef<ToWorker> ref, String node, ResourcePool pool) {
            this.ref = ref;
            this.node = node;
            this.pool = pool;
        }

        ActorRef<ToWorker> ref() {
            return ref;
        }

        String node() {
            return node;
        }

        ResourcePool pool() {
            return pool;
        }
    }

    /**
     * Where a run went, what it holds there, the worker's GPU indices it was given, how far it may run
     * ahead, and the state its first result follows.
     */
    private record Placement(Slot slot, long runId, ResourceRequest resources, List<Integer> gpuIds, RunAhead runAhead, long startIteration, Answers answers) {
    }

    /**
     * A buffered run's results handed to the runner and answered, and which of them hold the run on
     * its worker until answered ({@link RunAhead#holdsAt}): their answers go out at once.
     */
    private static final class Answers {
        long handed;
        long answered;
        final ArrayDeque<Long> holds = new ArrayDeque<>();
    }

    private final ClusterSettings settings;
    private final String trainableClass;
    private final String experimentName;
    private final DriverBridge bridge;
    private final ActorSystem<Object> system;
    private final long deadlineNanos;
    private final Map<ActorRef<ToWorker>, Slot> slots = new LinkedHashMap<>();
    private final Map<String, Placement> placements = new HashMap<>();
    private final GatheredContinues continues = new GatheredContinues(c -> forward(c.trialId(), c));
    /** Some answers are gathered, not sent yet. */
    private boolean gathered;
    private long lastFlush = System.nanoTime();
    private long starts;
    private boolean waitingForCapacity;
    private long lastWaitingNote;
    /** Since when trials wait while none runs and no worker has room (null: not now). */
    private Long starvedSince;
    /** Trials whose last run was lost with its worker and that have not started again, with why. */
    private final Map<String, String> lostRuns = new LinkedHashMap<>();
    private boolean closed;

    private ClusterTrialExecutor(ClusterSettings settings, String trainableClass, String experimentName, DriverBridge bridge, ActorSystem<Object> system) {
        this.settings = settings;
        this.trainableClass = trainableClass;
        this.experimentName = experimentName;
        this.bridge = bridge;
        this.system = system;
        this.deadlineNanos = System.nanoTime() + settings.waitForWorkers().toNanos();
    }

    /**
     * Starts the driver's cluster member at {@code settings.address()} and waits (up to
     * {@link ClusterSettings#waitForWorkers()}) for the first worker.
     *
     * @param tls the driver's TLS files, or null for plaintext on loopback
     * @throws TuneException when the trainable cannot run on another machine (a lambda, a factory)
     *     or no worker joined in time
     */
    public static ClusterTrialExecutor start(ClusterSettings settings, TlsFiles tls, ExperimentSpec spec) {
        Class<?> type = remoteClass(spec.trainable());
        DriverBridge bridge = new DriverBridge();
        Path staging = spec.experimentDir().resolve(".incoming");
        ActorSystem<Object> system = ActorSystem.create(
                DriverActor.create(bridge, TrainableCode.of(type), staging, settings.maxLostRuns()),
                NodeConfig.SYSTEM_NAME, NodeConfig.of(NodeConfig.DRIVER_ROLE, settings.address(), settings.address(), tls));
        ClusterTrialExecutor executor = new ClusterTrialExecutor(settings, type.getName(), spec.name(), bridge, system);
        LOG.info("jtune cluster driver listens on {} ({}); start workers with: java -cp <the same class path> io.jtune.cluster.Worker --join {}",
                settings.address(), tls == null ? "plaintext, loopback only" : "mutual TLS", settings.address());
        if (spec.reuseTrainables()) {
            LOG.warn("reuseTrainables is not honoured on the cluster: every run of a trial makes a new trainable on its worker (results are the same;"
                    + " only the set-up cost is paid again). Each run is an actor with its own trial host, so a trainable cannot be handed to the next run safely.");
        }
        executor.awaitWorkers(settings.minWorkers());
        if (executor.slots.isEmpty()) {
            executor.close();
            throw new TuneException("no worker joined the cluster at " + settings.address() + " within " + settings.waitForWorkers().toSeconds()
                    + " s (" + ConfigurationKeys.CLUSTER_WAIT_FOR_WORKERS + "); start one on each machine with: java -cp <the same class path> io.jtune.cluster.Worker --join "
                    + settings.address() + " (or mvn tune:worker -Djtune.join=" + settings.address() + ")");
        }
        return executor;
    }

    /** The class a worker makes the trainable from; a lambda or factory cannot cross to another machine. */
    static Class<?> remoteClass(TrainableSpec trainable) {
        try {
            TrainableClasses.remoteName(trainable);
        } catch (IllegalArgumentException e) {
            throw new TuneException(e.getMessage() + " to run it on a cluster", e);
        }
        return trainable.type();
    }

    /** Waits until {@code count} workers joined or the wait for workers is over. */
    private void awaitWorkers(int count) {
        awaitUntil(() -> slots.size() >= count);
    }

    private boolean awaitUntil(java.util.function.BooleanSupplier done) {
        while (true) {
            drainNotices();
            if (done.getAsBoolean()) {
                return true;
            }
            long left = deadlineNanos - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            try {
                bridge.awaitNotice(left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }

    private void drainNotices() {
        for (DriverBridge.WorkerNotice n = bridge.nextNotice(); n != null; n = bridge.nextNotice()) {
            if (n.resources() != null) {
                slots.put(n.worker(), new Slot(n.worker(), n.node(), new ResourcePool(n.resources())));
            } else {
                slots.remove(n.worker());
            }
        }
    }

    @Override
    public ResourceRequest totals() {
        drainNotices();
        double cpu = 0;
        double gpu = 0;
        long memory = 0;
        Map<String, Double> custom = new HashMap<>();
        for (Slot s : slots.values()) {
            ResourceRequest t = s.pool().totals();
            cpu += t.cpu();
            gpu += t.gpu();
            memory += t.memoryBytes();
            t.custom().forEach((k, v) -> custom.merge(k, v, Double::sum));
        }
        return new ResourceRequest(cpu, gpu, memory, custom);
    }

    @Override
    public String description() {
        drainNotices();
        return "a cluster of " + slots.size() + (slots.size() == 1 ? " worker" : " workers");
    }

    @Override
    public boolean hasResources(ResourceRequest request) {
        drainNotices();
        boolean free = slots.values().stream().anyMatch(s -> s.pool().hasFree(request));
        waitingForCapacity = !free;
        boolean starved = !free && placements.isEmpty();
        long now = System.nanoTime();
        if (!starved) {
            starvedSince = null;
            return free;
        }
        if (starvedSince == null) {
            starvedSince = now;
        } else if (now - starvedSince > settings.waitForWorkers().toNanos() && !Boolean.getBoolean(ConfigurationKeys.CLUSTER_KEEP_WAITING)) {
            throw new TuneException(starvation(request));
        }
        if (now - lastWaitingNote > WAITING_NOTE_NANOS) {
            lastWaitingNote = now;
            LOG.warn("{} wait for a worker with {} free; the cluster has {}", waitingTrials(), request, describeWorkers());
        }
        return false;
    }

    private String starvation(ResourceRequest request) {
        return "no worker could take a trial for " + settings.waitForWorkers().toSeconds() + " s (" + ConfigurationKeys.CLUSTER_WAIT_FOR_WORKERS + "): "
                + waitingTrials() + " wait for a worker with " + request + " free, and the cluster has " + describeWorkers()
                + ". Start workers that join " + settings.address() + " (java -cp <the same class path> io.jtune.cluster.Worker --join " + settings.address()
                + ") and resume the experiment, raise -D" + ConfigurationKeys.CLUSTER_WAIT_FOR_WORKERS + "=SECONDS, or set -D" + ConfigurationKeys.CLUSTER_KEEP_WAITING
                + "=true to wait for workers as long as it takes";
    }

    /** The trials known to wait (those whose runs were lost, with why), and the others the runner holds PENDING. */
    private String waitingTrials() {
        if (lostRuns.isEmpty()) {
            return "the PENDING trials";
        }
        List<String> named = new ArrayList<>();
        lostRuns.forEach((trial, reason) -> named.add("trial " + trial + " (" + reason + ")"));
        return String.join(", ", named) + " and any other PENDING trials";
    }

    @Override
    public boolean canEverRun(ResourceRequest request) {
        return awaitUntil(() -> slots.values().stream().anyMatch(s -> s.pool().fitsTotals(request)));
    }

    @Override
    public String insufficientResources(ResourceRequest request) {
        return "Insufficient cluster resources to launch trials: each trial requests " + request + " but no worker that joined within "
                + settings.waitForWorkers().toSeconds() + " s has that much; the workers are " + describeWorkers()
                + ". Start a worker with more (io.jtune.cluster.Worker --resources ...), lower Tuner.resources(...), or wait longer with -D"
                + ConfigurationKeys.CLUSTER_WAIT_FOR_WORKERS + "=SECONDS.";
    }

    private String describeWorkers() {
        if (slots.isEmpty()) {
            return "none";
        }
        List<String> all = new ArrayList<>();
        slots.values().forEach(s -> all.add(s.node() + " (" + s.pool().totals() + ")"));
        return String.join(", ", all);
    }

    @Override
    public void start(TrialLaunch launch) {
        drainNotices();
        if (placements.containsKey(launch.trialId())) {
            throw new IllegalStateException("trial " + launch.trialId() + " is already running");
        }
        Slot best = null;
        for (Slot s : slots.values()) {
            if (s.pool().hasFree(launch.resources()) && (best == null || betterFor(s, best))) {
                best = s;
            }
        }
        if (best == null) {
            // the worker that had room when the runner asked left since: the trial waits again, as for any lost worker
            bridge.post(new TrialEvent.Lost(launch.trialId(), launch.runId(), "the worker that had " + launch.resources() + " free left before the trial reached it"));
            return;
        }
        List<Integer> gpuIds = best.pool().commit(launch.resources());
        best.lastStart = ++starts;
        placements.put(launch.trialId(), new Placement(best, launch.runId(), launch.resources(), gpuIds, launch.runAhead(), launch.startIteration(),
                new Answers()));
        lostRuns.remove(launch.trialId());
        waitingForCapacity = false;
        bridge.runStarted();
        Path restore = launch.restoreFrom() == null ? null : launch.restoreFrom().path().toAbsolutePath();
        boolean shared = settings.sharedStorage();
        String trialDir = shared ? launch.trialDir().toAbsolutePath().toString() : experimentName + "/" + launch.trialDir().getFileName();
        Command.StartTrial start = Command.StartTrial.of(launch.withGpuIds(gpuIds), trainableClass, false)
                .withPaths(trialDir, shared && restore != null ? restore.toString() : null);
        system.tell(new DriverActor.Launch(best.ref(), start, launch.trialDir(), shared ? null : restore, shared));
    }

    /** More free CPUs first (spreads the load), then the worker that waited longest for a trial. */
    private static boolean betterFor(Slot candidate, Slot best) {
        int byCpu = Double.compare(candidate.pool().free().cpu(), best.pool().free().cpu());
        return byCpu > 0 || byCpu == 0 && candidate.lastStart < best.lastStart;
    }

    @Override
    public void continueTraining(String trialId) {
        Placement placement = placement(trialId);
        continues.answer(trialId, placement.runAhead());
        if (placement.runAhead().results() == 1) {
            return;
        }
        Answers answers = placement.answers();
        answers.answered++;
        if (!answers.holds.isEmpty() && answers.holds.peek() <= answers.answered) {
            while (!answers.holds.isEmpty() && answers.holds.peek() <= answers.answered) {
                answers.holds.poll();
            }
            continues.flush(trialId);
        } else {
            gathered = true;
        }
    }

    /** Notes a buffered run's result handed to the runner, and whether it holds the run until answered. */
    private void handed(TrialEvent.Reported result) {
        Placement placement = placements.get(result.trialId());
        if (placement == null || placement.runId() != result.runId() || placement.runAhead().results() == 1) {
            return;
        }
        Answers answers = placement.answers();
        answers.handed++;
        if (placement.runAhead().holdsAt(placement.startIteration() + answers.handed, result.metrics())) {
            answers.holds.add(answers.handed);
        }
    }

    private void flushGathered() {
        continues.flushAll();
        gathered = false;
        lastFlush = System.nanoTime();
    }

    @Override
    public void save(String trialId, boolean required) {
        continues.flush(trialId);
        forward(trialId, new Command.Save(trialId, required));
    }

    private void forward(String trialId, Command command) {
        system.tell(new DriverActor.Forward(placement(trialId).runId(), command));
    }

    @Override
    public void stop(String trialId, boolean reusable) {
        if (placements.containsKey(trialId)) {
            continues.flush(trialId);
        }
        Placement placement = placements.remove(trialId);
        if (placement == null) {
            return;
        }
        if (slots.get(placement.slot().ref()) == placement.slot()) {
            placement.slot().pool().release(placement.resources(), placement.gpuIds());
        }
        system.tell(new DriverActor.Forward(placement.runId(), new Command.Stop(trialId, false)));
    }

    private Placement placement(String trialId) {
        Placement placement = placements.get(trialId);
        if (placement == null) {
            throw new IllegalStateException("trial " + trialId + " is not running in this executor");
        }
        return placement;
    }

    /**
     * Waits at most {@code timeout} for the next event; null when none came (a worker that joined
     * wakes it early, so the driver can start waiting trials, and so does {@link #wakeDriver}) or
     * none can come. Gathered answers are sent once they are {@link #GATHER_NANOS} old, waiting or not.
     */
    @Override
    public TrialEvent nextEvent(long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        while (true) {
            Object next = bridge.poll(0, TimeUnit.NANOSECONDS);
            long now = System.nanoTime();
            if (gathered && now - lastFlush >= GATHER_NANOS) {
                flushGathered();
            }
            if (next == null && gathered) {
                next = bridge.poll(Math.max(0, Math.min(deadline, lastFlush + GATHER_NANOS) - now), TimeUnit.NANOSECONDS);
                if (next == null) {
                    flushGathered();
                }
            }
            if (next == null) {
                next = bridge.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            }
            if (next instanceof TrialEvent event) {
                if (event instanceof TrialEvent.Lost lost) {
                    lostRuns.put(lost.trialId(), lost.reason());
                } else if (event instanceof TrialEvent.Reported result) {
                    handed(result);
                }
                return event;
            }
            if (next == null || next == DriverBridge.WAKE_DRIVER || !hasPendingEvents() || waitingForCapacity) {
                return null;
            }
        }
    }

    @Override
    public void wakeDriver() {
        bridge.wakeDriver();
    }

    @Override
    public boolean hasPendingEvents() {
        return bridge.liveRuns() > 0 || bridge.hasEvents() || waitingForCapacity;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (String id : new ArrayList<>(placements.keySet())) {
            stop(id, false);
        }
        system.terminate();
        try {
            system.getWhenTerminated().toCompletableFuture().get(CLOSE_WAIT.toSeconds(), TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            LOG.warn("the cluster driver did not shut down within {} s", CLOSE_WAIT.toSeconds());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (java.util.concurrent.ExecutionException e) {
            LOG.warn("the cluster driver shut down with an error", e.getCause());
        }
    }
}
