package io.jtune.engine.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.api.ResourceRequest;
import io.jtune.engine.exec.LocalTrialExecutor;
import io.jtune.engine.exec.TrialEvent;
import io.jtune.engine.exec.TrialLaunch;
import io.jtune.engine.spec.TrainableSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Deterministic mode's gate over a real thread executor: one slot, two trials of one CPU each on four CPUs. */
@Timeout(60)
class StepGateTest {
    @TempDir
    Path dir;

    private TrialLaunch launch(String id, long runId) throws IOException {
        return new TrialLaunch(id, runId, Config.empty(), Files.createDirectories(dir.resolve(id)), ResourceRequest.cpus(1), null, 0);
    }

    /** The next event, waiting as long as it takes. */
    private static TrialEvent next(StepGate gate) throws InterruptedException {
        TrialEvent event = gate.nextEvent(30, TimeUnit.SECONDS);
        assertTrue(event != null, "an event came");
        return event;
    }

    @Test
    void aStartWaitingForItsSlotHoldsItsResourcesAndIsSentWhenAStepEnds() throws Exception {
        TrainableSpec counter = new TrainableSpec.FunctionApi("counter", (config, session) -> {
            for (int i = 1; i <= 3; i++) {
                session.report(Map.of("i", i));
            }
        });
        LocalTrialExecutor threads = new LocalTrialExecutor(counter, new ResourceRequest(4, 0, 1L << 30, Map.of()), false);
        List<String> sent = new ArrayList<>();
        StepGate gate = new StepGate(threads, 1, sent::add);
        try {
            gate.start(launch("a", 1));
            gate.start(launch("b", 2));
            assertEquals(List.of("a"), sent, "one slot: b's start waits");
            assertTrue(gate.computing("a"));
            assertFalse(gate.computing("b"), "a waiting step computes nothing");
            assertTrue(threads.hasResources(ResourceRequest.cpus(3)), "physically only a holds a CPU");
            assertFalse(gate.hasResources(ResourceRequest.cpus(3)), "b holds its CPU while it waits, so the answer does not depend on the slots");
            assertTrue(gate.hasResources(ResourceRequest.cpus(2)));

            TrialEvent first = next(gate);
            assertInstanceOf(TrialEvent.Reported.class, first);
            assertEquals("a", first.trialId());
            assertEquals(List.of("a", "b"), sent, "a's step ended, so b's start is sent");
            gate.continueTraining("a");
            assertEquals(List.of("a", "b"), sent, "a's next step waits for b's");
            gate.save("a", false);
            assertEquals(List.of("a", "b", "a"), sent, "a save sends the trial's waiting step on first, keeping its commands in order");

            gate.stop("a", false);
            gate.stop("b", false);
            assertTrue(gate.hasResources(ResourceRequest.cpus(4)), "stopped trials hold nothing");
        } finally {
            gate.close();
        }
    }
}
