package io.jtune.engine.spec;

import io.jtune.api.ResourceRequest;
import java.util.Map;

/**
 * What this machine offers trials unless told otherwise: its CPUs as the JVM counts them, its GPUs
 * ({@code nvidia-smi -L}) and its physical memory, read when first asked for
 * ({@link ResourceRequest#PHYSICAL_MEMORY}). Every amount can be overridden with the
 * {@code with...} methods.
 */
public final class DetectedMachine {
    private DetectedMachine() {
    }

    /** The resources of this machine, detected once per JVM (the memory when first asked for). */
    public static ResourceRequest resources() {
        return Detected.VALUE;
    }

    private static final class Detected {
        static final ResourceRequest VALUE = new ResourceRequest(Runtime.getRuntime().availableProcessors(), GpuProbe.countGpus(),
                ResourceRequest.PHYSICAL_MEMORY, Map.of());
    }
}
