package io.jtune.engine.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import org.junit.jupiter.api.Test;

class GpuProbeTest {

    @Test
    void countsTheGpuLinesOfNvidiaSmiList() throws IOException {
        String listing = """
                GPU 0: NVIDIA A100-SXM4-40GB (UUID: GPU-5a3e1f2b-0000-0000-0000-000000000000)
                GPU 1: NVIDIA A100-SXM4-40GB (UUID: GPU-5a3e1f2b-0000-0000-0000-000000000001)
                  MIG 1g.5gb Device 0: (UUID: MIG-0000)
                """;
        assertEquals(2, GpuProbe.countGpuLines(new BufferedReader(new StringReader(listing))));
        assertEquals(0, GpuProbe.countGpuLines(new BufferedReader(new StringReader("No devices were found\n"))));
    }
}
