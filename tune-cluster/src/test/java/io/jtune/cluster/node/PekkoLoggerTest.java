package io.jtune.cluster.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.engine.testing.CapturedLog;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Adapter;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.event.Logging;
import org.apache.pekko.remote.PhiAccrualFailureDetector;
import org.junit.jupiter.api.Test;

/** A node's Pekko log: a late heartbeat is no warning; every other warning still is one. */
class PekkoLoggerTest {

    @Test
    void aLateHeartbeatIsNoWarningWhileOtherWarningsStay() throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        HostPort self = new HostPort("127.0.0.1", port);
        ActorSystem<Void> system = ActorSystem.create(Behaviors.empty(), NodeConfig.SYSTEM_NAME, NodeConfig.of(NodeConfig.DRIVER_ROLE, self, self, null));
        try (CapturedLog detector = new CapturedLog(PhiAccrualFailureDetector.class.getName())) {
            String late = PekkoLogger.LATE_HEARTBEAT + " for address pekko://jtune@127.0.0.1:1: 1500 millis";
            String other = "a failure detector warning that is not about a late heartbeat";
            Adapter.toClassic(system).eventStream().publish(new Logging.Warning("detector", PhiAccrualFailureDetector.class, late));
            Adapter.toClassic(system).eventStream().publish(new Logging.Warning("detector", PhiAccrualFailureDetector.class, other));
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (detector.messages().isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            // the logger handles events in order: once the second is logged, the first was handled
            assertEquals(List.of(other), detector.messages());
            assertTrue(detector.messages().stream().noneMatch(m -> m.contains(PekkoLogger.LATE_HEARTBEAT)));
        } finally {
            system.terminate();
            system.getWhenTerminated().toCompletableFuture().get();
        }
    }
}
