package io.jtune.cluster.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.typesafe.config.ConfigFactory;
import io.jtune.cluster.wire.ResultsAck;
import io.jtune.cluster.wire.ToDriver;
import io.jtune.engine.remote.Event;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The worker's outbox to the driver, in a local actor system with a stand-in driver that records what
 * it gets (and the answers to drains) in one queue: results wait while a batch is unacknowledged and
 * then go as one batch in the order made, other messages keep their place behind them, a batch is
 * bounded, and a drain is answered only once everything before it is acknowledged.
 */
class DriverOutboxTest {
    private ActorSystem<Object> system;
    private final BlockingQueue<Object> received = new LinkedBlockingQueue<>();
    private ActorRef<Object> outbox;

    @BeforeEach
    void start() {
        system = ActorSystem.create(Behaviors.setup(context -> {
            ActorRef<Object> driver = context.spawn(Behaviors.receiveMessage(m -> {
                received.add(m);
                return Behaviors.same();
            }), "driver");
            outbox = context.spawn(DriverOutbox.create(driver.narrow(), "worker-1"), "outbox");
            received.add(driver);
            return Behaviors.empty();
        }), "outbox-test", ConfigFactory.parseString("pekko.loglevel = ERROR"));
    }

    @AfterEach
    void stop() {
        system.terminate();
    }

    @SuppressWarnings("unchecked")
    private ActorRef<Object> driver() throws InterruptedException {
        return (ActorRef<Object>) next();
    }

    private Object next() throws InterruptedException {
        Object message = received.poll(30, TimeUnit.SECONDS);
        assertNotNull(message, "the stand-in driver got nothing within 30 s");
        return message;
    }

    private ToDriver.Results nextBatch() throws InterruptedException {
        return (ToDriver.Results) next();
    }

    private static Event.Reported result(String trial, long iteration) {
        return new Event.Reported(trial, 1, Map.of("training_iteration", iteration), null, 0);
    }

    private static List<String> names(ToDriver.Results batch) {
        return batch.results().stream().map(e -> ((Event.Reported) e).trialId() + ((Event.Reported) e).metrics().get("training_iteration")).toList();
    }

    @Test
    void resultsMadeWhileABatchIsUnacknowledgedGoTogetherInOrderWithOtherMessagesBehindThem() throws InterruptedException {
        driver();
        outbox.tell(new DriverOutbox.Results(List.of(result("a", 1))));
        ToDriver.Results first = nextBatch();
        assertEquals(List.of("a1"), names(first));
        assertEquals(1, first.seq());
        assertEquals("worker-1", first.node());

        outbox.tell(new DriverOutbox.Results(List.of(result("a", 2), result("a", 3))));
        outbox.tell(new DriverOutbox.Results(List.of(result("b", 1))));
        ToDriver.FromTrial finished = new ToDriver.FromTrial("worker-1", new Event.Finished("b", 1), null);
        outbox.tell(new DriverOutbox.Send(finished));
        outbox.tell(new DriverOutbox.Results(List.of(result("a", 4))));
        outbox.tell(new ResultsAck(1));

        ToDriver.Results second = nextBatch();
        assertEquals(List.of("a2", "a3", "b1"), names(second), "the results queued before the other message, in their order");
        assertEquals(2, second.seq());
        assertEquals(finished, next(), "the other message in its place, right behind the results queued before it");
        outbox.tell(new ResultsAck(2));
        assertEquals(List.of("a4"), names(nextBatch()));
    }

    @Test
    void anAcknowledgementOfAnotherBatchReleasesNothing() throws InterruptedException {
        driver();
        outbox.tell(new DriverOutbox.Results(List.of(result("a", 1))));
        assertEquals(1, nextBatch().seq());
        outbox.tell(new DriverOutbox.Results(List.of(result("a", 2))));
        outbox.tell(new ResultsAck(7));
        outbox.tell(new DriverOutbox.Send(new ToDriver.FromTrial("worker-1", new Event.Finished("c", 1), null)));
        outbox.tell(new ResultsAck(1));
        assertEquals(List.of("a2"), names(nextBatch()), "a2 waited for the acknowledgement of batch 1, not of batch 7");
    }

    @Test
    void aBatchIsBoundedInResultsAndInBytes() throws InterruptedException {
        driver();
        outbox.tell(new DriverOutbox.Results(List.of(result("a", 0))));
        nextBatch();
        List<Event.Reported> many = new ArrayList<>();
        for (int i = 1; i <= DriverOutbox.MAX_BATCH + 10; i++) {
            many.add(result("a", i));
        }
        outbox.tell(new DriverOutbox.Results(many));
        String large = "x".repeat(DriverOutbox.MAX_BATCH_BYTES / 2);
        outbox.tell(new DriverOutbox.Results(List.of(
                new Event.Reported("b", 1, Map.of("text", large), null, 0), new Event.Reported("b", 1, Map.of("text", large), null, 0))));
        outbox.tell(new ResultsAck(1));
        assertEquals(DriverOutbox.MAX_BATCH, nextBatch().results().size());
        outbox.tell(new ResultsAck(2));
        ToDriver.Results rest = nextBatch();
        assertEquals(11, rest.results().size(), "the rest of the many small results and one large one: the next would pass the byte bound");
        outbox.tell(new ResultsAck(3));
        assertEquals(1, nextBatch().results().size());
    }

    @Test
    void aDrainIsAnsweredOnlyOnceEverythingBeforeItIsAcknowledged() throws InterruptedException {
        ActorRef<Object> driver = driver();
        outbox.tell(new DriverOutbox.Results(List.of(result("a", 1))));
        outbox.tell(new DriverOutbox.Results(List.of(result("a", 2))));
        outbox.tell(new DriverOutbox.Drain(driver.narrow()));
        assertEquals(List.of("a1"), names(nextBatch()));
        outbox.tell(new ResultsAck(1));
        assertEquals(List.of("a2"), names(nextBatch()), "the drain waits behind a2");
        outbox.tell(new ResultsAck(2));
        assertEquals(DriverOutbox.Drained.DONE, next());
    }
}
