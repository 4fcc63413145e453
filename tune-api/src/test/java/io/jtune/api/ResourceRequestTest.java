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
        assertEquals("0.5 CPU, 0.25 GPU, 1.0 KiB memory, 1.0 tpu", r.toString());
    }

    @Test
    void saysMemoryInTheLargestUnitItFills() {
        assertEquals("1.0 CPU, 100 B memory", ResourceRequest.cpus(1).withMemory(100).toString());
        assertEquals("1.0 CPU, 512.0 MiB memory", ResourceRequest.cpus(1).withMemory(512L << 20).toString());
        assertEquals("2.0 CPU, 23.5 GiB memory", ResourceRequest.cpus(2).withMemory((long) (23.5 * (1L << 30))).toString());
    }

    @Test
    void rejectsNegativeAmountsNamingThem() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ResourceRequest.cpus(1).withCustom("tpu", -1));
        assertTrue(e.getMessage().contains("tpu"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ResourceRequest.cpus(Double.NaN));
    }
}
