package io.jtune.cluster.worker;

import io.jtune.api.ResourceRequest;
import io.jtune.api.TuneException;
import io.jtune.cluster.node.NodeConfig;
import io.jtune.cluster.node.TrainableCode;
import io.jtune.cluster.transfer.FolderReceiver;
import io.jtune.cluster.wire.CheckpointRef;
import io.jtune.cluster.wire.Chunk;
import io.jtune.cluster.wire.ChunkAck;
import io.jtune.cluster.wire.ToDriver;
import io.jtune.cluster.wire.ToWorker;
import io.jtune.engine.checkpoint.CheckpointFolders;
import io.jtune.engine.remote.Command;
import io.jtune.engine.remote.ErrorData;
import io.jtune.engine.remote.Event;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorRefResolver;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Adapter;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.cluster.ClusterEvent;
import org.apache.pekko.cluster.Member;
import org.apache.pekko.cluster.MemberStatus;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.Subscribe;
import org.apache.pekko.event.Logging;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A worker's actor (the guardian of its actor system): says hello to the driver once both are
 * up members, answers the code check, receives checkpoints to restore, and starts each trial run as
 * a child {@link TrialActor}, whose messages to the driver go through one {@link DriverOutbox}. A refusal or the driver's departure ends this actor system; the
 * {@code Worker} program then exits or joins again.
 */
public final class WorkerActor extends AbstractBehavior<Object> {
    private static final Logger LOG = LoggerFactory.getLogger(WorkerActor.class);

    /** How this worker's actor system ended, for the program's exit. */
    public enum Outcome { DRIVER_LEFT, REFUSED }

    private final String node;
    private final ResourceRequest resources;
    private final Path workDir;
    private final WorkerStatus status;
    private final Map<String, FolderReceiver> incoming = new HashMap<>();
    private final Map<String, IOException> failedTransfers = new HashMap<>();
    private ActorRef<ToDriver> driver;
    /** What the trials send to the driver goes through it; made with the first trial. */
    private ActorRef<Object> outbox;
    private Member driverMember;
    private boolean selfUp;

    /** What the program watches (joined yet, and how the system ended) and where the worker's state changes are said. */
    public static final class WorkerStatus {
        public volatile boolean admitted;
        public volatile Outcome outcome;
        public volatile String reason;
        private final Consumer<String> console;

        /** @param console takes one line per state change (joined, a trial started, ended) */
        public WorkerStatus(Consumer<String> console) {
            this.console = console;
        }
    }

    public static Behavior<Object> create(ResourceRequest resources, Path workDir, WorkerStatus status) {
        return Behaviors.setup(context -> new WorkerActor(context, resources, workDir, status));
    }

    private WorkerActor(ActorContext<Object> context, ResourceRequest resources, Path workDir, WorkerStatus status) {
        super(context);
        this.node = context.getSystem().address().hostPort();
        this.resources = resources;
        this.workDir = workDir;
        this.status = status;
        Cluster.get(context.getSystem()).subscriptions().tell(Subscribe.create(context.getSelf().narrow(), ClusterEvent.MemberEvent.class));
    }

    @Override
    public Receive<Object> createReceive() {
        return newReceiveBuilder()
                .onMessage(ClusterEvent.MemberUp.class, up -> {
                    Cluster cluster = Cluster.get(getContext().getSystem());
                    if (isDriver(up.member())) {
                        driverMember = up.member();
                    }
                    selfUp |= up.member().uniqueAddress().equals(cluster.selfMember().uniqueAddress());
                    // only once this node is up: an earlier incarnation at the same address is removed by then, so the driver's
                    // watch of this worker cannot end with that removal
                    if (driver == null && driverMember != null && selfUp) {
                        driver = ActorRefResolver.get(getContext().getSystem()).resolveActorRef(driverMember.address() + "/user");
                        long incarnation = cluster.selfMember().uniqueAddress().longUid();
                        driver.tell(new ToDriver.Hello(getContext().getSelf().narrow(), node, incarnation, resources));
                    }
                    return this;
                })
                .onMessage(ClusterEvent.MemberRemoved.class, removed -> isDriver(removed.member()) && !selfLeaving() ? end(Outcome.DRIVER_LEFT, "the driver left") : this)
                .onMessage(ClusterEvent.MemberEvent.class, other -> this)
                .onMessage(ToWorker.CheckCode.class, this::onCheckCode)
                .onMessage(ToWorker.Admitted.class, admitted -> {
                    status.admitted = true;
                    // joined: Pekko's warnings matter from here on (while waiting they were each failed attempt)
                    Adapter.toClassic(getContext().getSystem()).eventStream().setLogLevel(Logging.WarningLevel());
                    status.console.accept("joined the driver at " + admitted.driverNode().replaceFirst("^pekko://[^@]*@", "") + ", offering " + resources);
                    return this;
                })
                .onMessage(ToWorker.Refused.class, refused -> end(Outcome.REFUSED, refused.reason()))
                .onMessage(Chunk.class, this::onChunk)
                .onMessage(ToWorker.StartTrial.class, this::onStart)
                .build();
    }

    /**
     * True when this node is being downed or leaves: the end of its membership lists every member
     * as removed, the driver too, although the driver stays.
     */
    private boolean selfLeaving() {
        MemberStatus status = Cluster.get(getContext().getSystem()).selfMember().status();
        return status != MemberStatus.up() && status != MemberStatus.weaklyUp() && status != MemberStatus.joining();
    }

    private static boolean isDriver(Member member) {
        return member.hasRole(NodeConfig.DRIVER_ROLE);
    }

    private Behavior<Object> end(Outcome outcome, String reason) {
        status.outcome = outcome;
        status.reason = reason;
        getContext().getSystem().terminate();
        return Behaviors.stopped();
    }

    private Behavior<Object> onCheckCode(ToWorker.CheckCode check) {
        try {
            Class<?> type = Class.forName(check.className(), false, classLoader());
            driver.tell(new ToDriver.CodeReport(node, TrainableCode.of(type), null));
        } catch (ClassNotFoundException | LinkageError | RuntimeException e) {
            driver.tell(new ToDriver.CodeReport(node, null, e.toString()));
        }
        return this;
    }

    private Behavior<Object> onChunk(Chunk chunk) {
        if (!failedTransfers.containsKey(chunk.transferId())) {
            try {
                FolderReceiver receiver = incoming.get(chunk.transferId());
                if (receiver == null) {
                    receiver = new FolderReceiver(chunk.transferId(), workDir.resolve(".incoming").resolve(chunk.transferId()));
                    incoming.put(chunk.transferId(), receiver);
                }
                receiver.write(chunk);
            } catch (IOException e) {
                failedTransfers.put(chunk.transferId(), e);
            }
        }
        chunk.ackTo().tell(new ChunkAck(chunk.transferId(), chunk.seq()));
        return this;
    }

    private Behavior<Object> onStart(ToWorker.StartTrial message) {
        Command.StartTrial start = message.start();
        try {
            Path trialDir;
            Path restore;
            if (message.sharedStorage()) {
                trialDir = visible(Path.of(start.trialDir()), "trial folder");
                restore = start.restoreFrom() == null ? null : visible(Path.of(start.restoreFrom()), "checkpoint to restore");
            } else {
                trialDir = workDir.resolve(start.trialDir()).normalize();
                if (!trialDir.startsWith(workDir)) {
                    throw new IOException("the trial folder " + start.trialDir() + " leaves the work folder " + workDir);
                }
                Files.createDirectories(trialDir);
                restore = message.restore() == null ? null : receiveRestore(message.restore(), trialDir);
            }
            Command.StartTrial local = start.withPaths(trialDir.toString(), restore == null ? null : restore.toString());
            if (outbox == null) {
                outbox = getContext().spawn(DriverOutbox.create(message.driver(), node), "outbox");
            }
            getContext().spawn(TrialActor.create(local, outbox, node, classLoader(), message.sharedStorage()),
                    "trial-" + start.trialId() + "-" + start.runId());
            status.console.accept("running trial " + start.trialId() + (restore == null ? "" : " from its checkpoint") + " (" + trialDir.getFileName() + ")");
        } catch (IOException | RuntimeException e) {
            LOG.warn("worker {} cannot start trial {}: {}", node, start.trialId(), e.toString());
            TuneException error = new TuneException("worker " + node + " cannot start trial " + start.trialId() + ": " + e.getMessage(), e);
            message.driver().tell(new ToDriver.FromTrial(node, new Event.Failed(start.trialId(), start.runId(), ErrorData.of(error)), null));
        }
        return this;
    }

    /** {@code folder}, a path of the driver's storage, when this worker sees it too. */
    private Path visible(Path folder, String what) throws IOException {
        if (!Files.isDirectory(folder)) {
            throw new IOException("jtune.cluster.sharedStorage is on, but the " + what + " " + folder + " is not visible on worker " + node
                    + ": mount the driver's storage path at the same place on every worker, or turn jtune.cluster.sharedStorage off");
        }
        return folder;
    }

    /** The checkpoint streamed just before, checked and moved into the trial's folder. */
    private Path receiveRestore(CheckpointRef ref, Path trialDir) throws IOException {
        IOException failed = failedTransfers.remove(ref.transferId());
        FolderReceiver receiver = incoming.remove(ref.transferId());
        if (failed != null) {
            if (receiver != null) {
                receiver.abort();
            }
            throw failed;
        }
        Path target = CheckpointFolders.folderFor(trialDir, ref.iteration());
        if (receiver == null) {
            if (ref.chunks() != 0) {
                throw new IOException("the checkpoint " + ref.transferId() + " to restore never arrived");
            }
            CheckpointFolders.prepareEmpty(target);
            return target;
        }
        return receiver.finish(ref, target);
    }

    private static ClassLoader classLoader() {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        return loader != null ? loader : WorkerActor.class.getClassLoader();
    }
}
