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
 * commands and sends its events to the driver, streaming each checkpoint folder before the event
 * that names it (later events wait, so the driver sees them in order). The actor stops when the
 * run has ended and everything is sent.
 */
final class TrialActor extends AbstractBehavior<Object> {
    private static final Logger LOG = LoggerFactory.getLogger(TrialActor.class);

    /** An event of the host, from a trainable's thread. */
    private record Local(Event event) {
    }

    private final Command.StartTrial start;
    private final ActorRef<ToDriver> driver;
    private final String node;
    private final TrialHost host;
    /** Checkpoints are written in the driver's (shared) trial folder: nothing to stream, nothing to delete. */
    private final boolean inPlace;
    private final ArrayDeque<Event> outbox = new ArrayDeque<>();
    private FolderSender sending;
    private Path lastSent;
    private long transfers;
    private boolean ended;

    /** {@code start} names the worker's own trial folder and checkpoint. */
    static Behavior<Object> create(Command.StartTrial start, ActorRef<ToDriver> driver, String node, ClassLoader loader, boolean inPlace) {
        return Behaviors.setup(context -> new TrialActor(context, start, driver, node, loader, inPlace));
    }

    private TrialActor(ActorContext<Object> context, Command.StartTrial start, ActorRef<ToDriver> driver, String node, ClassLoader loader, boolean inPlace) {
        super(context);
        this.inPlace = inPlace;
        this.start = start;
        this.driver = driver;
        this.node = node;
        this.lastSent = start.restoreFrom() == null ? null : Path.of(start.restoreFrom());
        ActorRef<Object> self = context.getSelf();
        this.host = new TrialHost(loader, event -> self.tell(new Local(event)));
        driver.tell(new ToDriver.Started(start.trialId(), start.runId(), self.narrow()));
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
                    outbox.add(local.event());
                    return drain();
                })
                .onMessage(ChunkAck.class, this::onAck)
                .onSignal(PostStop.class, stopped -> {
                    host.close();
                    return this;
                })
                .build();
    }

    private Behavior<Object> onAck(ChunkAck ack) {
        if (sending != null && sending.transferId().equals(ack.transferId())) {
            sending.onAck(ack);
            return drain();
        }
        return this;
    }

    /** Sends what the outbox holds, in order; an event naming a checkpoint waits until its folder is streamed. */
    private Behavior<Object> drain() {
        while (!outbox.isEmpty()) {
            Event next = outbox.peek();
            String checkpoint = inPlace ? null : checkpointOf(next);
            CheckpointRef ref = null;
            if (checkpoint != null) {
                Path folder = Path.of(checkpoint);
                try {
                    if (sending == null) {
                        String id = start.trialId() + "~" + start.runId() + "~" + (++transfers);
                        long iteration = next instanceof Event.Saved s ? s.iteration() : CheckpointFolders.iterationOf(folder);
                        sending = new FolderSender(id, iteration, folder, driver::tell, getContext().getSelf().narrow());
                    }
                    sending.sendMore();
                } catch (RuntimeException e) {
                    LOG.warn("trial {}: cannot send checkpoint {} to the driver: {}", start.trialId(), folder, e.getMessage());
                    sending = null;
                    outbox.poll();
                    driver.tell(new ToDriver.FromTrial(node, next, null));
                    continue;
                }
                if (!sending.isDone()) {
                    return this;
                }
                ref = sending.reference();
                sending = null;
                forgetSentBefore(folder);
            }
            outbox.poll();
            if (next instanceof Event.RunEnded) {
                ended = true;
            } else {
                driver.tell(new ToDriver.FromTrial(node, next, ref));
            }
        }
        return ended ? Behaviors.stopped() : this;
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
