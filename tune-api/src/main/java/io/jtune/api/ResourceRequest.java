package io.jtune.api;

import java.lang.management.ManagementFactory;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * An amount of resources: CPUs, GPUs (fractions allowed), memory in bytes and custom named
 * resources. Immutable. It says what one trial needs while it runs ({@code Tuner.resources}; the
 * default is one CPU) and what a machine offers trials ({@code Tuner.machineResources}; by default
 * detected). A memory amount of {@value #PHYSICAL_MEMORY} stands for this machine's physical memory,
 * read when first asked for ({@link #memoryBytes()}): a detected machine's amount, whose management
 * beans cost a fresh JVM tens of milliseconds that a run whose trials ask for no memory never waits for.
 */
public record ResourceRequest(double cpu, double gpu, long memoryBytes, Map<String, Double> custom) {

    /** One CPU, nothing else: Ray Tune's default per trial. */
    public static final ResourceRequest DEFAULT = new ResourceRequest(1, 0, 0, Map.of());
    /** The memory amount that stands for this machine's physical memory, read when first asked for. */
    public static final long PHYSICAL_MEMORY = -1;

    /** Checks every amount (finite, at least 0, or {@link #PHYSICAL_MEMORY}); no custom map means none. */
    public ResourceRequest {
        requireNonNegative("cpu", cpu);
        requireNonNegative("gpu", gpu);
        if (memoryBytes < 0 && memoryBytes != PHYSICAL_MEMORY) {
            throw new IllegalArgumentException("memory must be >= 0 bytes (or " + PHYSICAL_MEMORY + " for the physical memory), got " + memoryBytes);
        }
        custom = custom == null ? Map.of() : Map.copyOf(new TreeMap<>(custom));
        for (Map.Entry<String, Double> e : custom.entrySet()) {
            requireNonNegative("custom resource '" + e.getKey() + "'", e.getValue());
        }
    }

    public static ResourceRequest cpus(double cpu) {
        return new ResourceRequest(cpu, 0, 0, Map.of());
    }

    /** The memory in bytes: the amount given, or this machine's physical memory for {@value #PHYSICAL_MEMORY}. */
    @Override
    public long memoryBytes() {
        return memoryBytes == PHYSICAL_MEMORY ? PhysicalMemory.BYTES : memoryBytes;
    }

    public ResourceRequest withCpu(double amount) {
        return new ResourceRequest(amount, gpu, memoryBytes, custom);
    }

    public ResourceRequest withGpu(double amount) {
        return new ResourceRequest(cpu, amount, memoryBytes, custom);
    }

    public ResourceRequest withMemory(long bytes) {
        return new ResourceRequest(cpu, gpu, bytes, custom);
    }

    /** Adds (or replaces) a custom resource. */
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

    /** Equal amounts, the physical memory counted as its amount. */
    @Override
    public boolean equals(Object o) {
        return o instanceof ResourceRequest r && Double.compare(cpu, r.cpu) == 0 && Double.compare(gpu, r.gpu) == 0
                && (memoryBytes == r.memoryBytes || memoryBytes() == r.memoryBytes()) && custom.equals(r.custom);
    }

    @Override
    public int hashCode() {
        return ((Double.hashCode(cpu) * 31 + Double.hashCode(gpu)) * 31 + Long.hashCode(memoryBytes())) * 31 + custom.hashCode();
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder().append(cpu).append(" CPU");
        if (gpu > 0) {
            s.append(", ").append(gpu).append(" GPU");
        }
        long memory = memoryBytes();
        if (memory > 0) {
            s.append(", ").append(bytes(memory)).append(" memory");
        }
        custom.forEach((k, v) -> s.append(", ").append(v).append(' ').append(k));
        return s.toString();
    }

    /** {@code bytes} in the largest binary unit it fills, to one decimal ("23.5 GiB", "512.0 MiB", "100 B"). */
    private static String bytes(long bytes) {
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        if (bytes < 1024) {
            return bytes + " B";
        }
        double amount = bytes;
        int unit = -1;
        while (amount >= 1024 && unit < units.length - 1) {
            amount /= 1024;
            unit++;
        }
        return String.format(Locale.ROOT, "%.1f %s", amount, units[unit]);
    }

    /** This machine's physical memory, read once, when first asked for. */
    private static final class PhysicalMemory {
        static final long BYTES = ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getTotalMemorySize() : Runtime.getRuntime().maxMemory();
    }
}
