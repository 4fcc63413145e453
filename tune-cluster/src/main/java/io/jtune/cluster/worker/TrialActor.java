package io.jtune.cluster.worker;

import io.jtune.cluster.transfer.FolderSender;
import io.jtune.cluster.wire.CheckpointRef;
import io.jtune.cluster.wire.ChunkAck;
import io.jtune.cluster.wire.ToDriver;
import io.jtune.cluster.wire.ToTrial;
import io.jtune.engine.checkpoint.CheckpointFolders;
import io.jtune.engine.remote.Command;
import io.jtune.engine.remote.Event;
import io.jtune.engine.remote.TrialHost;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.PostStop;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One run of one trial on a worker, as an actor the driver watches. The engine's
 * {@link TrialHost} runs the trainable on a thread of its own; the actor hands it the driver's
 * commands and sends its events to the driver through the worker's {@link DriverOutbox}, streaming
 * each checkpoint folder before the event that names it (later events wait, so the driver sees them
 * in order). The actor stops when the run has ended and the outbox has sent everything.
 */
final class TrialActor extends AbstractBehavior<Object> {
    private static final Logger LOG = LoggerFactory.getLogger(TrialActor.class);

    /** An event of the host, from a trainable's thread. */
    private record Local(Event event) {
    }

    /** Sent to itself after an event arrives: by then the events that arrived with it are pending too, to go together. */
    private enum Flush { NOW }

    private final Command.StartTrial start;
    private final ActorRef<Object> outbox;
    private final String node;
    private final TrialHost host;
    /** Checkpoints are written in the driver's (shared) trial folder: nothing to stream, nothing to delete. */
    private final boolean inPlace;
    /** Events of the run not handed to the outbox yet. */
    private final ArrayDeque<Event> pending = new ArrayDeque<>();
    private FolderSender sending;
    private Path lastSent;
    private long transfers;
    private boolean ended;
    private boolean flushQueued;
    private boolean draining;

    /** {@code start} names the worker's own trial folder and checkpoint. */
    static Behavior<Object> create(Command.StartTrial start, ActorRef<Object> outbox, String node, ClassLoader loader, boolean inPlace) {
        return Behaviors.setup(context -> new TrialActor(context, start, outbox, node, loader, inPlace));
    }

    private TrialActor(ActorContext<Object> context, Command.StartTrial start, ActorRef<Object> outbox, String node, ClassLoader loader, boolean inPlace) {
        super(context);
        this.inPlace = inPlace;
        this.start = start;
        this.outbox = outbox;
        this.node = node;
        this.lastSent = start.restoreFrom() == null ? null : Path.of(start.restoreFrom());
        ActorRef<Object> self = context.getSelf();
        this.host = new TrialHost(loader, event -> self.tell(new Local(event)));
        send(new ToDriver.Started(start.trialId(), start.runId(), self.narrow()));
        host.handle(start);
    }

    @Override
    public Receive<Object> createReceive() {
        return newReceiveBuilder()
                .onMessage(ToTrial.Run.class, run -> {
                    host.handle(run.command());
                    return this;
                })
                .onMessage(Local.class, local -> {
                    pending.add(local.event());
                    if (!flushQueued) {
                        flushQueued = true;
                        getContext().getSelf().tell(Flush.NOW);
                    }
                    return this;
                })
                .onMessage(Flush.class, flush -> {
                    flushQueued = false;
                    return drain();
                })
                .onMessage(ChunkAck.class, this::onAck)
                .onMessage(DriverOutbox.Drained.class, drained -> Behaviors.stopped())
                .onSignal(PostStop.class, stopped -> {
                    closeMeanwhile();
                    return this;
                })
                .build();
    }

    /**
     * Closes the host on a thread of its own: closing waits for a step in flight (up to its grace),
     * and an actor system that is ending (its node was downed) must not wait for that, or it keeps
     * its port and the worker cannot start its node again at the same address.
     */
    private void closeMeanwhile() {
        Thread closing = new Thread(host::close, "jtune-trial-close-" + start.trialId());
        closing.setDaemon(true);
        closing.start();
    }

    private Behavior<Object> onAck(ChunkAck ack) {
        if (sending != null && sending.transferId().equals(ack.transferId())) {
            sending.onAck(ack);
            return drain();
        }
        return this;
    }

    /**
     * Hands the pending events to the outbox, in order: results naming no checkpoint to stream together,
     * other events one by one; an event naming a checkpoint waits until its folder is streamed. Once the
     * run has ended, asks the outbox to say when all is sent.
     */
    private Behavior<Object> drain() {
        List<Event.Reported> results = new ArrayList<>();
        while (!pending.isEmpty()) {
            Event next = pending.peek();
            String checkpoint = inPlace ? null : checkpointOf(next);
            if (checkpoint == null && next instanceof Event.Reported result) {
                results.add(result);
                pending.poll();
                continue;
            }
            sendResults(results);
            CheckpointRef ref = null;
            if (checkpoint != null) {
                Path folder = Path.of(checkpoint);
                try {
                    if (sending == null) {
                        String id = start.trialId() + "~" + start.runId() + "~" + (++transfers);
                        long iteration = next instanceof Event.Saved s ? s.iteration() : CheckpointFolders.iterationOf(folder);
                        sending = new FolderSender(id, iteration, folder, this::send, getContext().getSelf().narrow());
                    }
                    sending.sendMore();
                } catch (RuntimeException e) {
                    LOG.warn("trial {}: cannot send checkpoint {} to the driver: {}", start.trialId(), folder, e.getMessage());
                    sending = null;
                    pending.poll();
                    send(new ToDriver.FromTrial(node, next, null));
                    continue;
                }
                if (!sending.isDone()) {
                    return this;
                }
                ref = sending.reference();
                sending = null;
                forgetSentBefore(folder);
            }
            pending.poll();
            if (next instanceof Event.RunEnded) {
                ended = true;
            } else {
                send(new ToDriver.FromTrial(node, next, ref));
            }
        }
        sendResults(results);
        if (ended && !draining) {
            draining = true;
            outbox.tell(new DriverOutbox.Drain(getContext().getSelf().narrow()));
        }
        return this;
    }

    private void send(ToDriver message) {
        outbox.tell(new DriverOutbox.Send(message));
    }

    private void sendResults(List<Event.Reported> results) {
        if (!results.isEmpty()) {
            outbox.tell(new DriverOutbox.Results(List.copyOf(results)));
            results.clear();
        }
    }

    /** Once the driver has a checkpoint, the worker keeps only that latest one of the trial. */
    private void forgetSentBefore(Path latest) {
        if (lastSent != null && !lastSent.equals(latest)) {
            try {
                CheckpointFolders.deleteRecursively(lastSent);
            } catch (IOException e) {
                LOG.debug("could not delete the sent checkpoint {}", lastSent, e);
            }
        }
        lastSent = latest;
    }

    private static String checkpointOf(Event event) {
        if (event instanceof Event.Saved s) {
            return s.checkpoint();
        }
        return event instanceof Event.Reported r ? r.checkpoint() : null;
    }
}
