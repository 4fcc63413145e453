package io.jtune.engine.process;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * What a worker JVM is started with for its trial, fixed for its life: the heap limit and the
 * GPUs it sees. A worker is reused only for trials of the same shape.
 *
 * @param heapMiB {@code -Xmx} in MiB, or 0 for the JVM's default
 * @param gpuIds the machine's GPU indices put into {@code CUDA_VISIBLE_DEVICES}
 */
record WorkerShape(long heapMiB, List<Integer> gpuIds) {
    private static final long MIB = 1L << 20;

    WorkerShape {
        gpuIds = List.copyOf(gpuIds);
    }

    /** The shape for a trial asking for {@code memoryBytes} (0 = not accounted) on these GPUs. */
    static WorkerShape of(long memoryBytes, List<Integer> gpuIds) {
        return new WorkerShape((memoryBytes + MIB - 1) / MIB, gpuIds);
    }

    /** The JVM options this shape adds. */
    List<String> jvmOptions() {
        List<String> options = new ArrayList<>();
        if (heapMiB > 0) {
            options.add("-Xmx" + heapMiB + "m");
        }
        return options;
    }

    /** The value of {@code CUDA_VISIBLE_DEVICES}: the GPU indices, comma-separated (empty hides every GPU). */
    String cudaVisibleDevices() {
        return gpuIds.stream().map(String::valueOf).collect(Collectors.joining(","));
    }
}
