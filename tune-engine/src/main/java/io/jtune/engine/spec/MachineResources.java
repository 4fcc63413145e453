package io.jtune.engine.spec;

import java.lang.management.ManagementFactory;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one machine offers to trials: CPUs, GPUs, memory in bytes and custom named resources.
 * {@link #detect()} reads the machine (CPU count from the JVM, GPUs from {@code nvidia-smi -L},
 * physical memory); every amount can be overridden with the {@code with...} methods. A memory
 * amount of {@value #PHYSICAL_MEMORY} stands for this machine's physical memory, read when first
 * asked for ({@link #memoryBytes()}): the management beans behind it cost a fresh JVM tens of
 * milliseconds, which a run whose trials ask for no memory then never waits for.
 */
public record MachineResources(double cpu, double gpu, long memoryBytes, Map<String, Double> custom) {
    /** The memory amount that stands for this machine's physical memory, read when first asked for. */
    public static final long PHYSICAL_MEMORY = -1;

    public MachineResources {
        requireAmount("cpu", cpu);
        requireAmount("gpu", gpu);
        if (memoryBytes < 0 && memoryBytes != PHYSICAL_MEMORY) {
            throw new IllegalArgumentException("machine memory must be >= 0 bytes (or " + PHYSICAL_MEMORY + " for the physical memory), got " + memoryBytes);
        }
        custom = custom == null ? Map.of() : Map.copyOf(new TreeMap<>(custom));
        for (Map.Entry<String, Double> e : custom.entrySet()) {
            requireAmount("custom resource '" + e.getKey() + "'", e.getValue());
        }
    }

    /** The resources of this machine, detected once per JVM (the memory when first asked for). */
    public static MachineResources detect() {
        return Detected.VALUE;
    }

    /** The memory in bytes: the amount given, or the physical memory for {@value #PHYSICAL_MEMORY}. */
    @Override
    public long memoryBytes() {
        return memoryBytes == PHYSICAL_MEMORY ? PhysicalMemory.BYTES : memoryBytes;
    }

    /** Equal amounts, the physical memory counted as its amount. */
    @Override
    public boolean equals(Object o) {
        return o instanceof MachineResources m && Double.compare(cpu, m.cpu) == 0 && Double.compare(gpu, m.gpu) == 0
                && (memoryBytes == m.memoryBytes || memoryBytes() == m.memoryBytes()) && custom.equals(m.custom);
    }

    @Override
    public int hashCode() {
        return ((Double.hashCode(cpu) * 31 + Double.hashCode(gpu)) * 31 + Long.hashCode(memoryBytes())) * 31 + custom.hashCode();
    }

    public MachineResources withCpu(double amount) {
        return new MachineResources(amount, gpu, memoryBytes, custom);
    }

    public MachineResources withGpu(double amount) {
        return new MachineResources(cpu, amount, memoryBytes, custom);
    }

    public MachineResources withMemory(long bytes) {
        return new MachineResources(cpu, gpu, bytes, custom);
    }

    /** Declares (or replaces) a custom resource the machine offers. */
    public MachineResources withCustom(String name, double amount) {
        Map<String, Double> more = new TreeMap<>(custom);
        more.put(name, amount);
        return new MachineResources(cpu, gpu, memoryBytes, more);
    }

    private static void requireAmount(String what, double value) {
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException("machine " + what + " must be a finite amount >= 0, got " + value);
        }
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder()
                .append(format(cpu)).append(" CPU, ")
                .append(format(gpu)).append(" GPU, ")
                .append(String.format(Locale.ROOT, "%.1f GiB memory", memoryBytes() / (double) (1L << 30)));
        custom.forEach((k, v) -> s.append(", ").append(format(v)).append(' ').append(k));
        return s.toString();
    }

    static String format(double amount) {
        return amount == Math.rint(amount) ? Long.toString((long) amount) : Double.toString(amount);
    }

    private static final class Detected {
        static final MachineResources VALUE = new MachineResources(Runtime.getRuntime().availableProcessors(), GpuProbe.countGpus(), PHYSICAL_MEMORY, Map.of());
    }

    private static final class PhysicalMemory {
        static final long BYTES = ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getTotalMemorySize() : Runtime.getRuntime().maxMemory();
    }
}
