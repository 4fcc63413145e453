package io.jtune.cluster.worker;

import io.jtune.cluster.wire.ResultsAck;
import io.jtune.cluster.wire.ToDriver;
import io.jtune.engine.remote.Event;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;

/**
 * Everything a worker's trials send to the driver goes through this one actor, in the order each
 * trial sent it: results of all its trials in batches ({@link ToDriver.Results}), one batch at most
 * unacknowledged by the driver while the results made meanwhile gather into the next, so the faster
 * results come, the bigger the batches and the fewer the messages; other messages as they are, in
 * their place. A trial's actor that has ended asks to be told when all it sent is out
 * ({@link Drain}) before it stops, so the driver sees its last event before it sees it stop.
 */
final class DriverOutbox extends AbstractBehavior<Object> {
    /** Results in one batch at most. */
    static final int MAX_BATCH = 512;
    /** A batch's metrics stop growing past about this many bytes, far inside a Pekko frame (256 KiB). */
    static final int MAX_BATCH_BYTES = 64 * 1024;

    /** A message of a trial for the driver, sent in its place. */
    record Send(ToDriver message) {
    }

    /** Results of a trial, in the order made, naming no checkpoint to stream. */
    record Results(List<Event.Reported> results) {
    }

    /** Tell {@code trial} {@link Drained} once everything queued before this is sent and every batch acknowledged. */
    record Drain(ActorRef<Drained> trial) {
    }

    /** The answer to {@link Drain}. */
    enum Drained { DONE }

    private final ActorRef<ToDriver> driver;
    private final String node;
    private final ArrayDeque<Object> queue = new ArrayDeque<>();
    /** The number of the last batch sent; batches count from 1. */
    private long batches;
    private boolean awaitingAck;

    static Behavior<Object> create(ActorRef<ToDriver> driver, String node) {
        return Behaviors.setup(context -> new DriverOutbox(context, driver, node));
    }

    private DriverOutbox(ActorContext<Object> context, ActorRef<ToDriver> driver, String node) {
        super(context);
        this.driver = driver;
        this.node = node;
    }

    @Override
    public Receive<Object> createReceive() {
        return newReceiveBuilder()
                .onMessage(Results.class, results -> {
                    queue.addAll(results.results());
                    return drain();
                })
                .onMessage(Send.class, send -> {
                    queue.add(send);
                    return drain();
                })
                .onMessage(Drain.class, drain -> {
                    queue.add(drain);
                    return drain();
                })
                .onMessage(ResultsAck.class, ack -> {
                    if (awaitingAck && ack.seq() == batches) {
                        awaitingAck = false;
                    }
                    return drain();
                })
                .build();
    }

    private Behavior<Object> drain() {
        while (!queue.isEmpty()) {
            Object head = queue.peek();
            if (head instanceof Event.Reported) {
                if (awaitingAck) {
                    return this;
                }
                sendBatch();
            } else if (head instanceof Drain drain) {
                if (awaitingAck) {
                    return this;
                }
                queue.poll();
                drain.trial().tell(Drained.DONE);
            } else {
                queue.poll();
                driver.tell(((Send) head).message());
            }
        }
        return this;
    }

    /** Sends the results at the head of the queue as one batch. */
    private void sendBatch() {
        List<Event> batch = new ArrayList<>();
        long bytes = 0;
        while (batch.size() < MAX_BATCH && bytes < MAX_BATCH_BYTES && queue.peek() instanceof Event.Reported result) {
            queue.poll();
            batch.add(result);
            bytes += approximateBytes(result.metrics());
        }
        awaitingAck = true;
        driver.tell(new ToDriver.Results(node, ++batches, batch, getContext().getSelf().narrow()));
    }

    /** A rough size of a result's metrics on the wire: names and strings by length, anything else a few bytes. */
    static long approximateBytes(Object value) {
        if (value instanceof Map<?, ?> map) {
            long bytes = 16;
            for (Map.Entry<?, ?> e : map.entrySet()) {
                bytes += approximateBytes(e.getKey()) + approximateBytes(e.getValue());
            }
            return bytes;
        }
        if (value instanceof Collection<?> values) {
            long bytes = 8;
            for (Object v : values) {
                bytes += approximateBytes(v);
            }
            return bytes;
        }
        if (value instanceof CharSequence text) {
            return 2L + text.length() * 3L; // UTF-8 takes up to 3 bytes a char
        }
        return 9;
    }
}
