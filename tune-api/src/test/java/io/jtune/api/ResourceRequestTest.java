package io.jtune.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ResourceRequestTest {

    @Test
    void buildsFractionsAndCustomResources() {
        ResourceRequest r = ResourceRequest.cpus(0.5).withGpu(0.25).withCustom("tpu", 1).withMemory(1024);
        assertEquals(0.5, r.cpu());
        assertEquals(0.25, r.gpu());
        assertEquals(1.0, r.custom().get("tpu"));
        assertEquals("0.5 CPU, 0.25 GPU, 1024 B memory, 1.0 tpu", r.toString());
    }

    @Test
    void rejectsNegativeAmountsNamingThem() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ResourceRequest.cpus(1).withCustom("tpu", -1));
        assertTrue(e.getMessage().contains("tpu"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ResourceRequest.cpus(Double.NaN));
    }
}
