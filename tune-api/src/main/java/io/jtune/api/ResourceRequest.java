package io.jtune.api;

import java.util.Map;
import java.util.TreeMap;

/**
 * What one trial needs while it runs: CPUs, GPUs (fractions allowed), memory in bytes and custom
 * named resources. Immutable. The default is one CPU.
 */
public record ResourceRequest(double cpu, double gpu, long memoryBytes, Map<String, Double> custom) {

    /** One CPU, nothing else: Ray Tune's default per trial. */
    public static final ResourceRequest DEFAULT = new ResourceRequest(1, 0, 0, Map.of());

    public ResourceRequest {
        requireNonNegative("cpu", cpu);
        requireNonNegative("gpu", gpu);
        if (memoryBytes < 0) {
            throw new IllegalArgumentException("memory must be >= 0 bytes, got " + memoryBytes);
        }
        custom = Map.copyOf(new TreeMap<>(custom));
        for (Map.Entry<String, Double> e : custom.entrySet()) {
            requireNonNegative("custom resource '" + e.getKey() + "'", e.getValue());
        }
    }

    public static ResourceRequest cpus(double cpu) {
        return new ResourceRequest(cpu, 0, 0, Map.of());
    }

    public ResourceRequest withGpu(double amount) {
        return new ResourceRequest(cpu, amount, memoryBytes, custom);
    }

    public ResourceRequest withMemory(long bytes) {
        return new ResourceRequest(cpu, gpu, bytes, custom);
    }

    public ResourceRequest withCustom(String name, double amount) {
        Map<String, Double> more = new TreeMap<>(custom);
        more.put(name, amount);
        return new ResourceRequest(cpu, gpu, memoryBytes, more);
    }

    private static void requireNonNegative(String what, double value) {
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(what + " must be a finite amount >= 0, got " + value);
        }
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder().append(cpu).append(" CPU");
        if (gpu > 0) {
            s.append(", ").append(gpu).append(" GPU");
        }
        if (memoryBytes > 0) {
            s.append(", ").append(memoryBytes).append(" B memory");
        }
        custom.forEach((k, v) -> s.append(", ").append(v).append(' ').append(k));
        return s.toString();
    }
}
