package io.jtune.engine.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jtune.api.ResourceRequest;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Deterministic mode's width: a given one stands; {@code deterministic(true)} takes the run's own concurrency. */
class DeterministicWidthTest {
    private static final ResourceRequest FOUR_CPUS = new ResourceRequest(4, 0, 1L << 30, Map.of());
    private static final ResourceRequest ONE_CPU = ResourceRequest.cpus(1);

    @Test
    void aGivenWidthStands() {
        assertEquals(3, DeterministicWidth.resolve(3, 8, FOUR_CPUS, ONE_CPU));
        assertEquals(6, DeterministicWidth.resolve(6, 0, FOUR_CPUS, ResourceRequest.cpus(2)));
    }

    @Test
    void automaticWidthIsTheConcurrencyTheRunWouldHave() {
        assertEquals(4, DeterministicWidth.resolve(DeterministicWidth.AUTO, 0, FOUR_CPUS, ONE_CPU), "as many as the CPUs hold");
        assertEquals(2, DeterministicWidth.resolve(DeterministicWidth.AUTO, 0, FOUR_CPUS, ResourceRequest.cpus(2)));
        assertEquals(2, DeterministicWidth.resolve(DeterministicWidth.AUTO, 2, FOUR_CPUS, ONE_CPU), "maxConcurrentTrials when lower");
        assertEquals(4, DeterministicWidth.resolve(DeterministicWidth.AUTO, 8, FOUR_CPUS, ONE_CPU), "never more than the machine holds");
        assertEquals(4, DeterministicWidth.resolve(DeterministicWidth.AUTO, 0, FOUR_CPUS, ResourceRequest.cpus(0)), "one per CPU for trials asking nothing");
        assertEquals(8, DeterministicWidth.resolve(DeterministicWidth.AUTO, 8, FOUR_CPUS, ResourceRequest.cpus(0)));
    }
}
