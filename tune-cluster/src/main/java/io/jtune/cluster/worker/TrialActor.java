package io.jtune.cluster.worker;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jtune.api.Config;
import io.jtune.api.ResourceRequest;
import io.jtune.api.trainable.Checkpoint;
import io.jtune.cluster.transfer.FolderSender;
import io.jtune.cluster.wire.CheckpointRef;
import io.jtune.cluster.wire.ChunkAck;
import io.jtune.cluster.wire.LaunchData;
import io.jtune.cluster.wire.ToDriver;
import io.jtune.cluster.wire.ToTrial;
import io.jtune.engine.checkpoint.CheckpointFolders;
import io.jtune.engine.exec.LocalTrialExecutor;
import io.jtune.engine.exec.MachineResources;
import io.jtune.engine.exec.TrainableSpec;
import io.jtune.engine.exec.TrialEvent;
import io.jtune.engine.exec.TrialLaunch;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.LinkedHashMap;
import java.util.Map;
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
 * One run of one trial on a worker, as an actor the driver watches. The trainable runs on a
 * thread of its own (the engine's local executor); the actor turns the driver's commands into
 * calls and the trainable's events into messages, streaming each checkpoint to the driver before
 * the event that names it (later events wait, so the driver sees them in order).
 */
final class TrialActor extends AbstractBehavior<Object> {
    private static final Logger LOG = LoggerFactory.getLogger(TrialActor.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final TypeReference<LinkedHashMap<String, Object>> LINKED_MAP = new TypeReference<>() {
    };
    /** The driver accounts resources; the local executor here only runs the one trial. */
    private static final MachineResources UNBOUNDED = new MachineResources(1e9, 1e9, Long.MAX_VALUE / 4, Map.of());
    private static final ResourceRequest NOTHING = new ResourceRequest(0, 0, 0, Map.of());

    private record Local(TrialEvent event) {
    }

    private enum PumpEnded { INSTANCE }

    private final LaunchData launch;
    private final ActorRef<ToDriver> driver;
    private final String node;
    private final LocalTrialExecutor executor;
    private final ArrayDeque<TrialEvent> outbox = new ArrayDeque<>();
    private FolderSender sending;
    private Path lastSent;
    private long transfers;
    private boolean pumpEnded;

    static Behavior<Object> create(LaunchData launch, TrainableSpec trainable, Path trialDir, Checkpoint restore, ActorRef<ToDriver> driver, String node) {
        return Behaviors.setup(context -> new TrialActor(context, launch, trainable, trialDir, restore, driver, node));
    }

    private TrialActor(ActorContext<Object> context, LaunchData launch, TrainableSpec trainable, Path trialDir, Checkpoint restore,
                       ActorRef<ToDriver> driver, String node) {
        super(context);
        this.launch = launch;
        this.driver = driver;
        this.node = node;
        this.executor = new LocalTrialExecutor(trainable, UNBOUNDED, false);
        this.lastSent = restore == null ? null : restore.path();
        executor.start(new TrialLaunch(launch.trialId(), launch.runId(), Config.of(launch.config()), trialDir, NOTHING, restore, launch.startIteration()));
        ActorRef<Object> self = context.getSelf();
        Thread pump = new Thread(() -> pump(self), "jtune-trial-" + launch.trialId() + "-" + launch.runId());
        pump.setDaemon(true);
        pump.start();
        driver.tell(new ToDriver.Started(launch.trialId(), launch.runId(), self.narrow()));
    }

    /** Hands the local executor's events to the actor, then says the run is over. */
    private void pump(ActorRef<Object> self) {
        try {
            for (TrialEvent e = executor.nextEvent(); e != null; e = executor.nextEvent()) {
                self.tell(new Local(e));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        self.tell(PumpEnded.INSTANCE);
    }

    @Override
    public Receive<Object> createReceive() {
        return newReceiveBuilder()
                .onMessage(ToTrial.Step.class, m -> command(() -> executor.continueTraining(launch.trialId())))
                .onMessage(ToTrial.Save.class, m -> command(() -> executor.save(launch.trialId(), m.required())))
                .onMessage(ToTrial.Stop.class, m -> command(() -> executor.stop(launch.trialId(), false)))
                .onMessage(Local.class, m -> {
                    outbox.add(m.event());
                    return drain();
                })
                .onMessage(ChunkAck.class, this::onAck)
                .onMessageEquals(PumpEnded.INSTANCE, () -> {
                    pumpEnded = true;
                    return drain();
                })
                .onSignal(PostStop.class, s -> {
                    executor.close();
                    return this;
                })
                .build();
    }

    private Behavior<Object> command(Runnable call) {
        try {
            call.run();
        } catch (IllegalStateException ended) {
            // the run ended on its own (finished or failed) before the command came: nothing to do
        }
        return this;
    }

    private Behavior<Object> onAck(ChunkAck ack) {
        if (sending != null && sending.transferId().equals(ack.transferId())) {
            sending.onAck(ack);
            return drain();
        }
        return this;
    }

    /** Sends what the outbox holds, in order; an event with a checkpoint waits until its folder is streamed. */
    private Behavior<Object> drain() {
        while (!outbox.isEmpty()) {
            TrialEvent next = outbox.peek();
            Checkpoint checkpoint = checkpointOf(next);
            CheckpointRef ref = null;
            if (checkpoint != null) {
                if (sending == null) {
                    String id = launch.trialId() + "~" + launch.runId() + "~" + (++transfers);
                    long iteration = next instanceof TrialEvent.Saved s ? s.iteration() : CheckpointFolders.iterationOf(checkpoint.path());
                    sending = new FolderSender(id, iteration, checkpoint.path(), driver::tell,
                            getContext().getSelf().narrow());
                }
                try {
                    sending.sendMore();
                } catch (RuntimeException e) {
                    LOG.warn("trial {}: cannot send checkpoint {}: {}", launch.trialId(), checkpoint.path(), e.getMessage());
                    sending = null;
                    outbox.poll();
                    send(next, null);
                    continue;
                }
                if (!sending.isDone()) {
                    return this;
                }
                ref = sending.reference();
                sending = null;
                forgetSentBefore(checkpoint.path());
            }
            outbox.poll();
            send(next, ref);
        }
        return pumpEnded ? Behaviors.stopped() : this;
    }

    /** The worker keeps only its latest checkpoint of the trial once the driver has it. */
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

    private static Checkpoint checkpointOf(TrialEvent event) {
        if (event instanceof TrialEvent.Saved s) {
            return s.checkpoint();
        }
        return event instanceof TrialEvent.Reported r ? r.checkpoint() : null;
    }

    private void send(TrialEvent event, CheckpointRef ref) {
        String id = event.trialId();
        long run = event.runId();
        if (event instanceof TrialEvent.Reported r) {
            Map<String, Object> metrics;
            try {
                metrics = JSON.convertValue(r.metrics(), LINKED_MAP);
            } catch (IllegalArgumentException e) {
                driver.tell(failed(id, run, new IllegalArgumentException("trial " + id + " reported metrics that cannot be sent as JSON to the driver: "
                        + e.getMessage() + "; report numbers, strings, booleans, lists and maps", e)));
                return;
            }
            driver.tell(new ToDriver.Reported(id, run, metrics, r.stepNanos(), ref));
        } else if (event instanceof TrialEvent.Saved s) {
            driver.tell(new ToDriver.Saved(id, run, s.iteration(), ref));
        } else if (event instanceof TrialEvent.Finished) {
            driver.tell(new ToDriver.Finished(id, run));
        } else if (event instanceof TrialEvent.Failed f) {
            driver.tell(failed(id, run, f.error()));
        }
    }

    private ToDriver.Failed failed(String trialId, long runId, Throwable error) {
        StringWriter trace = new StringWriter();
        error.printStackTrace(new PrintWriter(trace));
        return new ToDriver.Failed(trialId, runId, node, error.toString(), trace.toString());
    }
}
