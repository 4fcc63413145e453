package io.jtune.cluster.driver;

import io.jtune.api.TuneException;
import io.jtune.api.trainable.CheckpointDir;
import io.jtune.cluster.node.ClassPathDigest;
import io.jtune.cluster.node.TrainableCode;
import io.jtune.cluster.transfer.FolderReceiver;
import io.jtune.cluster.transfer.FolderSender;
import io.jtune.cluster.wire.CheckpointRef;
import io.jtune.cluster.wire.Chunk;
import io.jtune.cluster.wire.ChunkAck;
import io.jtune.cluster.wire.ResultsAck;
import io.jtune.cluster.wire.ToDriver;
import io.jtune.cluster.wire.ToTrial;
import io.jtune.cluster.wire.ToWorker;
import io.jtune.engine.checkpoint.CheckpointFolders;
import io.jtune.engine.exec.TrialEvent;
import io.jtune.engine.remote.Command;
import io.jtune.engine.remote.Event;
import io.jtune.engine.remote.EventMapping;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.Terminated;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.cluster.Member;
import org.apache.pekko.cluster.MemberStatus;
import org.apache.pekko.cluster.typed.Cluster;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The driver's actor (the guardian of its actor system): admits workers whose code matches,
 * starts trial actors on them (streaming the checkpoint to restore first), forwards the driver
 * thread's commands, receives results and checkpoints (written into the trial's folder before
 * the event is posted), and watches every worker and every trial actor: a run whose actor ends
 * without having finished is lost, and posted as {@link TrialEvent.Lost}.
 */
final class DriverActor extends AbstractBehavior<Object> {
    private static final Logger LOG = LoggerFactory.getLogger(DriverActor.class);
    /** How long after an earlier incarnation's removal an actor on the restarted node is watched again. */
    private static final Duration REWATCH_DELAY = Duration.ofSeconds(2);

    /**
     * From the driver thread: start a run on {@code worker}; {@code start.trialDir()} is relative
     * ({@code <experiment>/<trial>}), {@code trialDir} the driver's folder, {@code restore} a
     * checkpoint folder on the driver to stream, or null; {@code shared}: the worker writes and reads
     * checkpoints in the driver's folders ({@code jtune.cluster.sharedStorage}).
     */
    record Launch(ActorRef<ToWorker> worker, Command.StartTrial start, Path trialDir, Path restore, boolean shared) {
    }

    /** From the driver thread: a command (continue, save, stop) for a run. */
    record Forward(long runId, Command command) {
    }

    private record RunKey(String trialId, long runId) {
    }

    /** One run as the actor tracks it. */
    private static final class Run {
        final RunKey key;
        final ActorRef<ToWorker> worker;
        final Path trialDir;
        final boolean shared;
        final List<Command> queued = new ArrayList<>();
        ActorRef<ToTrial> trial;
        int pendingSaves;
        boolean stopRequested;
        boolean ended;

        Run(RunKey key, ActorRef<ToWorker> worker, Path trialDir, boolean shared) {
            this.key = key;
            this.worker = worker;
            this.trialDir = trialDir;
            this.shared = shared;
        }
    }

    /** Watch {@code ref} (on {@code worker}'s node) again; a local message. */
    private record Rewatch(ActorRef<?> ref, ActorRef<?> worker) {
    }

    private record Incoming(RunKey run, FolderReceiver receiver, IOException[] failure) {
    }

    private final DriverBridge bridge;
    private final String trainableClass;
    private final TrainableCode code;
    private final Path stagingRoot;
    private final int maxLostRuns;
    private final String self;
    private final Map<ActorRef<ToWorker>, String> workers = new HashMap<>();
    /** The cluster member UID each worker said hello with. */
    private final Map<ActorRef<?>, Long> incarnations = new HashMap<>();
    /** Actors watched again after a Terminated that an earlier incarnation's removal caused ({@link #watchedAgain}). */
    private final Set<ActorRef<?>> rewatched = new HashSet<>();
    /** Workers that said hello and have not passed the code check yet. */
    private final Map<ActorRef<ToWorker>, ToDriver.Hello> pendingResources = new HashMap<>();
    /** Runs whose checkpoint is being streamed to the worker, by transfer. */
    private final Map<String, Command.StartTrial> pendingStarts = new HashMap<>();
    private final Map<RunKey, Run> runs = new HashMap<>();
    private final Map<ActorRef<ToTrial>, Run> byTrialActor = new HashMap<>();
    private final Map<String, Incoming> incoming = new HashMap<>();
    private final Map<String, FolderSender> outgoing = new HashMap<>();
    private final Map<String, Run> outgoingRun = new HashMap<>();
    /** Per trial, the workers ({@code host:port}) its runs were lost with. */
    private final Map<String, List<String>> lostOn = new HashMap<>();
    private long transfers;

    static Behavior<Object> create(DriverBridge bridge, TrainableCode code, Path stagingRoot, int maxLostRuns) {
        return Behaviors.setup(context -> new DriverActor(context, bridge, code, stagingRoot, maxLostRuns));
    }

    private DriverActor(ActorContext<Object> context, DriverBridge bridge, TrainableCode code, Path stagingRoot, int maxLostRuns) {
        super(context);
        this.bridge = bridge;
        this.code = code;
        this.trainableClass = code.className();
        this.stagingRoot = stagingRoot;
        this.maxLostRuns = maxLostRuns;
        this.self = context.getSystem().address().toString();
    }

    @Override
    public Receive<Object> createReceive() {
        return newReceiveBuilder()
                .onMessage(ToDriver.Hello.class, this::onHello)
                .onMessage(ToDriver.CodeReport.class, this::onCodeReport)
                .onMessage(Launch.class, this::onLaunch)
                .onMessage(Forward.class, this::onForward)
                .onMessage(ChunkAck.class, this::onChunkAck)
                .onMessage(Chunk.class, this::onChunk)
                .onMessage(ToDriver.Started.class, this::onStarted)
                .onMessage(ToDriver.FromTrial.class, m -> onTrialEvent(m.node(), m.event(), m.checkpoint()))
                .onMessage(ToDriver.Results.class, this::onResults)
                .onMessage(Rewatch.class, this::onRewatch)
                .onSignal(Terminated.class, this::onTerminated)
                .build();
    }

    private Behavior<Object> onHello(ToDriver.Hello hello) {
        getContext().watch(hello.worker());
        workers.put(hello.worker(), hello.node());
        incarnations.put(hello.worker(), hello.incarnation());
        pendingResources.put(hello.worker(), hello);
        hello.worker().tell(new ToWorker.CheckCode(trainableClass));
        return this;
    }

    private Behavior<Object> onCodeReport(ToDriver.CodeReport report) {
        // the worker waiting for its check: an earlier incarnation of the same node may still be listed
        ActorRef<ToWorker> worker = pendingResources.entrySet().stream().filter(e -> e.getValue().node().equals(report.node())).map(Map.Entry::getKey)
                .findFirst().orElse(null);
        ToDriver.Hello hello = worker == null ? null : pendingResources.remove(worker);
        if (hello == null) {
            return this;
        }
        String problem = codeProblem(report);
        if (problem != null) {
            LOG.error("refused {}", problem);
            worker.tell(new ToWorker.Refused(problem));
            getContext().unwatch(worker);
            workers.remove(worker);
            incarnations.remove(worker);
            return this;
        }
        worker.tell(new ToWorker.Admitted(self));
        LOG.info("worker {} joined with {}", report.node(), hello.resources());
        bridge.workerJoined(worker, report.node(), hello.resources());
        return this;
    }

    /** Why the worker's code is not the driver's, or null when it is. */
    private String codeProblem(ToDriver.CodeReport report) {
        if (report.problem() != null) {
            return "worker " + report.node() + " cannot load the trainable " + trainableClass + ": " + report.problem()
                    + "; start the worker with the same class path as the driver (" + code.source() + ")";
        }
        if (!code.digest().equals(report.code().digest())) {
            return "worker " + report.node() + " has other code for " + trainableClass + " than the driver " + self
                    + ": the worker's SHA-256 is " + report.code().digest() + ", the driver's is " + code.digest() + " (over " + code.source()
                    + "); start the worker from the same build (the same jar or classes folder)";
        }
        List<String> differences = ClassPathDigest.differences(code.classPath(), report.code().classPath());
        if (!differences.isEmpty()) {
            return "worker " + report.node() + " has another class path than the driver " + self + ": " + String.join("; ", differences)
                    + "; start the worker with the same dependencies (the class path the driver runs with)";
        }
        return null;
    }

    private Behavior<Object> onLaunch(Launch launch) {
        RunKey key = new RunKey(launch.start().trialId(), launch.start().runId());
        Run run = new Run(key, launch.worker(), launch.trialDir(), launch.shared());
        runs.put(key, run);
        if (!workers.containsKey(launch.worker())) {
            lost(run, "its worker was lost before the trial started", false);
            return this;
        }
        if (launch.restore() == null) {
            launch.worker().tell(new ToWorker.StartTrial(launch.start(), null, getContext().getSelf().narrow(), launch.shared()));
            return this;
        }
        String id = "restore-" + key.trialId() + "-" + key.runId() + "-" + (++transfers);
        FolderSender sender;
        try {
            sender = new FolderSender(id, launch.start().startIteration(), launch.restore(), launch.worker()::tell, getContext().getSelf().narrow());
        } catch (RuntimeException e) {
            failRun(run, new TuneException("cannot send checkpoint " + launch.restore() + " of trial " + key.trialId() + " to its worker: " + e.getMessage(), e));
            return this;
        }
        outgoing.put(id, sender);
        outgoingRun.put(id, run);
        pendingStarts.put(id, launch.start());
        sendMore(sender);
        return this;
    }

    private Behavior<Object> onChunkAck(ChunkAck ack) {
        FolderSender sender = outgoing.get(ack.transferId());
        if (sender != null) {
            sender.onAck(ack);
            sendMore(sender);
        }
        return this;
    }

    private void sendMore(FolderSender sender) {
        Run run = outgoingRun.get(sender.transferId());
        try {
            sender.sendMore();
        } catch (RuntimeException e) {
            dropOutgoing(sender.transferId());
            failRun(run, new TuneException("cannot send the checkpoint of trial " + run.key.trialId() + " to its worker: " + e.getMessage(), e));
            return;
        }
        if (sender.isDone()) {
            Command.StartTrial start = pendingStarts.remove(sender.transferId());
            dropOutgoing(sender.transferId());
            run.worker.tell(new ToWorker.StartTrial(start, sender.reference(), getContext().getSelf().narrow(), false));
        }
    }

    private void dropOutgoing(String transferId) {
        FolderSender sender = outgoing.remove(transferId);
        if (sender != null) {
            sender.close();
        }
        outgoingRun.remove(transferId);
        pendingStarts.remove(transferId);
    }

    private Behavior<Object> onForward(Forward forward) {
        Command command = forward.command();
        Run run = runs.get(new RunKey(trialOf(command), forward.runId()));
        if (run == null || run.ended && !(command instanceof Command.Stop)) {
            return this; // the run's end was posted already; the runner drops its unanswered saves then
        }
        if (command instanceof Command.Save) {
            run.pendingSaves++;
        } else if (command instanceof Command.Stop) {
            run.stopRequested = true;
        }
        if (run.trial == null) {
            run.queued.add(command);
        } else {
            run.trial.tell(new ToTrial.Run(command));
        }
        return this;
    }

    private static String trialOf(Command command) {
        if (command instanceof Command.Continue c) {
            return c.trialId();
        }
        return command instanceof Command.Save s ? s.trialId() : ((Command.Stop) command).trialId();
    }

    private Behavior<Object> onStarted(ToDriver.Started started) {
        Run run = runs.get(new RunKey(started.trialId(), started.runId()));
        if (run == null) {
            started.trial().tell(new ToTrial.Run(new Command.Stop(started.trialId(), false)));
            return this;
        }
        run.trial = started.trial();
        byTrialActor.put(started.trial(), run);
        getContext().watch(started.trial());
        run.queued.forEach(c -> started.trial().tell(new ToTrial.Run(c)));
        run.queued.clear();
        return this;
    }

    private Behavior<Object> onChunk(Chunk chunk) {
        Incoming in = incoming.get(chunk.transferId());
        if (in == null) {
            Run run = runFor(chunk.transferId());
            if (run == null) {
                return this;
            }
            IOException[] failure = new IOException[1];
            FolderReceiver receiver = null;
            try {
                receiver = new FolderReceiver(chunk.transferId(), stagingRoot.resolve(chunk.transferId()));
            } catch (IOException e) {
                failure[0] = e;
            }
            in = new Incoming(run.key, receiver, failure);
            incoming.put(chunk.transferId(), in);
        }
        if (in.failure()[0] == null) {
            try {
                in.receiver().write(chunk);
            } catch (IOException e) {
                in.failure()[0] = e;
            }
        }
        chunk.ackTo().tell(new ChunkAck(chunk.transferId(), chunk.seq()));
        return this;
    }

    /** Trial transfers are named {@code <trialId>~<runId>~<n>} by the trial actor. */
    private Run runFor(String transferId) {
        String[] parts = transferId.split("~");
        if (parts.length != 3) {
            return null;
        }
        try {
            return runs.get(new RunKey(parts[0], Long.parseLong(parts[1])));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Moves a received checkpoint into the trial's folder; null (and a warning) when it did not arrive whole. */
    private CheckpointDir receive(Run run, CheckpointRef ref) {
        if (ref == null) {
            return null;
        }
        Incoming in = incoming.remove(ref.transferId());
        Path target = CheckpointFolders.folderFor(run.trialDir, ref.iteration());
        try {
            if (in == null && ref.chunks() == 0) {
                CheckpointFolders.prepareEmpty(target);
                return new CheckpointDir(target);
            }
            if (in == null) {
                throw new IOException("checkpoint transfer " + ref.transferId() + " of trial " + run.key.trialId() + " sent no chunk");
            }
            if (in.failure()[0] != null) {
                in.receiver().abort();
                throw in.failure()[0];
            }
            return new CheckpointDir(in.receiver().finish(ref, target));
        } catch (IOException e) {
            LOG.warn("trial {}: the checkpoint of iteration {} was not kept ({}); the trial keeps its earlier checkpoints", run.key.trialId(), ref.iteration(), e.getMessage());
            return null;
        }
    }

    /** A checkpoint the worker wrote in the shared trial folder; null (and a warning) when it is not a folder there. */
    private CheckpointDir inPlace(Run run, CheckpointDir written) {
        if (written == null) {
            return null;
        }
        Path folder = written.path().toAbsolutePath().normalize();
        if (!folder.startsWith(run.trialDir.toAbsolutePath().normalize()) || !Files.isDirectory(folder)) {
            LOG.warn("trial {}: the worker wrote its checkpoint to {}, which is not a folder in the trial folder {} as this driver sees it;"
                    + " the trial keeps its earlier checkpoints (is the storage path really shared? jtune.cluster.sharedStorage)",
                    run.key.trialId(), folder, run.trialDir);
            return null;
        }
        return new CheckpointDir(folder);
    }

    private Behavior<Object> onResults(ToDriver.Results message) {
        for (Event result : message.results()) {
            onTrialEvent(message.node(), result, null);
        }
        message.ackTo().tell(new ResultsAck(message.seq()));
        return this;
    }

    /**
     * An event of a run from worker {@code node}, posted as the engine's event; a checkpoint it names
     * ({@code ref}: the transfer that carried it, or null) is moved into the trial's folder first.
     */
    private Behavior<Object> onTrialEvent(String node, Event event, CheckpointRef ref) {
        TrialEvent posted = EventMapping.toTrialEvent(event);
        if (posted == null) {
            return this;
        }
        Run run = runs.get(new RunKey(posted.trialId(), posted.runId()));
        if (run == null) {
            return this;
        }
        if (posted instanceof TrialEvent.Reported r) {
            CheckpointDir checkpoint = run.shared ? inPlace(run, r.checkpoint()) : receive(run, ref);
            posted = new TrialEvent.Reported(r.trialId(), r.runId(), r.metrics(), checkpoint, r.stepNanos());
        } else if (posted instanceof TrialEvent.Saved s) {
            run.pendingSaves = Math.max(0, run.pendingSaves - 1);
            CheckpointDir checkpoint = run.shared ? inPlace(run, s.checkpoint()) : receive(run, ref);
            posted = new TrialEvent.Saved(s.trialId(), s.runId(), checkpoint, s.iteration());
        } else {
            if (posted instanceof TrialEvent.Failed f) {
                LOG.info("trial {} failed on worker {}: {}", f.trialId(), node, f.error().toString());
            }
            run.ended = true;
        }
        bridge.post(posted);
        if (run.ended && run.trial == null) {
            endRun(run);
        }
        return this;
    }

    private Behavior<Object> onTerminated(Terminated terminated) {
        return gone(terminated.getRef());
    }

    /** The delayed second watch ({@link #watchedAgain}): kept when its node is still a member, else gone now. */
    private Behavior<Object> onRewatch(Rewatch rewatch) {
        if (isMember(rewatch.worker())) {
            getContext().watch(rewatch.ref());
            return this;
        }
        return gone(rewatch.ref());
    }

    private Behavior<Object> gone(ActorRef<?> ref) {
        if (workers.containsKey(ref)) {
            if (!watchedAgain(ref, ref)) {
                workerGone(ref);
            }
            return this;
        }
        Run run = byTrialActor.get(ref);
        boolean completed = run != null && (run.ended || run.stopRequested && run.pendingSaves == 0);
        if (run != null && !completed && watchedAgain(ref, run.worker)) {
            return this;
        }
        byTrialActor.remove(ref);
        if (run != null) {
            if (completed) {
                endRun(run);
            } else {
                // a trial actor ends unfinished only with its node: drop the worker first, so the trial is not placed there again
                workerGone(run.worker);
                if (runs.containsKey(run.key)) {
                    lost(run, "its worker " + ref.path().address().hostPort() + " was lost", true);
                }
            }
        }
        return this;
    }

    /**
     * The removal of an earlier incarnation at the same address ends every watch of that address,
     * also those of actors on the node restarted there: when {@code worker}'s incarnation is still a
     * member, {@code ref} is watched again, once, {@link #REWATCH_DELAY} later, when the removal is
     * done (an actor really gone answers the new watch with another Terminated, which then counts).
     * True when it will be.
     */
    private boolean watchedAgain(ActorRef<?> ref, ActorRef<?> worker) {
        if (!isMember(worker) || !rewatched.add(ref)) {
            return false;
        }
        LOG.info("the watch of {} ended with the removal of an earlier incarnation of its node; watching it again", ref);
        getContext().scheduleOnce(REWATCH_DELAY, getContext().getSelf(), new Rewatch(ref, worker));
        return true;
    }

    /** True when the incarnation of the worker {@code ref} that said hello is a member of the cluster (joining or up). */
    private boolean isMember(ActorRef<?> ref) {
        Long incarnation = incarnations.get(ref);
        if (incarnation == null) {
            return false;
        }
        for (Member m : Cluster.get(getContext().getSystem()).state().getMembers()) {
            if (m.uniqueAddress().longUid() == incarnation && m.address().equals(ref.path().address())
                    && (m.status() == MemberStatus.up() || m.status() == MemberStatus.weaklyUp() || m.status() == MemberStatus.joining())) {
                return true;
            }
        }
        return false;
    }

    /** The worker's node is gone: no more trials go there, and its runs not started yet are lost. */
    private void workerGone(ActorRef<?> worker) {
        incarnations.remove(worker);
        String node = workers.remove(worker);
        if (node == null) {
            return;
        }
        pendingResources.remove(worker);
        long running = runs.values().stream().filter(run -> run.worker.equals(worker)).count();
        if (running == 0) {
            LOG.info("worker {} left the cluster (no trial was running on it)", node);
        } else {
            LOG.warn("worker {} left the cluster while {} trial run(s) were on it", node, running);
        }
        bridge.workerLost(worker.unsafeUpcast(), node);
        for (Run run : new ArrayList<>(runs.values())) {
            if (run.worker.equals(worker) && run.trial == null) {
                lost(run, "worker " + node + " was lost", true);
            }
        }
    }

    /**
     * The run ended through no fault of the trainable: Lost, or Failed once the trial has lost more
     * runs than allowed. {@code counts}: false when the run never reached its worker (placed on a
     * worker whose loss the driver thread had not heard of yet).
     */
    private void lost(Run run, String reason, boolean counts) {
        List<String> nodes = lostOn.computeIfAbsent(run.key.trialId(), k -> new ArrayList<>());
        if (counts) {
            nodes.add(run.worker.path().address().hostPort());
        }
        if (nodes.size() > maxLostRuns) {
            failRun(run, new TuneException("trial " + run.key.trialId() + " lost its worker " + nodes.size() + " times (on " + String.join(", ", nodes)
                    + "; last: " + reason + "), more than jtune.cluster.maxLostRuns=" + maxLostRuns
                    + " allows, so this counts as a failure of the trial; raise jtune.cluster.maxLostRuns if the workers are expected to come and go"));
            return;
        }
        LOG.warn("trial {} run {}: {}", run.key.trialId(), run.key.runId(), reason);
        bridge.post(new TrialEvent.Lost(run.key.trialId(), run.key.runId(), reason));
        endRun(run);
    }

    private void failRun(Run run, RuntimeException error) {
        if (!run.ended) {
            run.ended = true;
            bridge.post(new TrialEvent.Failed(run.key.trialId(), run.key.runId(), error));
        }
        if (run.trial == null) {
            endRun(run);
        }
    }

    private void endRun(Run run) {
        if (runs.remove(run.key) == null) {
            return;
        }
        run.ended = true;
        if (run.trial != null) {
            byTrialActor.remove(run.trial);
        }
        incoming.entrySet().removeIf(e -> {
            if (e.getValue().run().equals(run.key)) {
                if (e.getValue().receiver() != null) {
                    e.getValue().receiver().abort();
                }
                return true;
            }
            return false;
        });
        outgoingRun.entrySet().stream().filter(e -> e.getValue() == run).map(Map.Entry::getKey).toList().forEach(this::dropOutgoing);
        bridge.runEnded();
    }
}
