package io.jtune.engine.exec;

import io.jtune.api.ResourceRequest;
import java.util.HashMap;
import java.util.Map;

/**
 * Accounts committed resources against a machine's totals. Amounts are kept in fixed point
 * (1/10,000 of a unit, as Ray Tune rounds fractional resources), so fractions add up exactly.
 * Not thread-safe: the driver thread alone uses it.
 */
public final class ResourcePool {
    private static final double UNITS = 10_000;

    private final MachineResources totals;
    private final long totalCpu;
    private final long totalGpu;
    private final Map<String, Long> totalCustom = new HashMap<>();
    private long usedCpu;
    private long usedGpu;
    private long usedMemory;
    private final Map<String, Long> usedCustom = new HashMap<>();

    public ResourcePool(MachineResources totals) {
        this.totals = totals;
        this.totalCpu = units(totals.cpu());
        this.totalGpu = units(totals.gpu());
        totals.custom().forEach((k, v) -> totalCustom.put(k, units(v)));
    }

    public MachineResources totals() {
        return totals;
    }

    /** True when the request could ever run here, i.e. fits the totals when nothing else runs. */
    public boolean fitsTotals(ResourceRequest r) {
        return fits(r, 0, 0, 0, Map.of());
    }

    /** True when the request fits what is free now. */
    public boolean hasFree(ResourceRequest r) {
        return fits(r, usedCpu, usedGpu, usedMemory, usedCustom);
    }

    private boolean fits(ResourceRequest r, long cpu, long gpu, long memory, Map<String, Long> custom) {
        if (cpu + units(r.cpu()) > totalCpu || gpu + units(r.gpu()) > totalGpu || memory + r.memoryBytes() > totals.memoryBytes()) {
            return false;
        }
        for (Map.Entry<String, Double> e : r.custom().entrySet()) {
            long wanted = units(e.getValue());
            if (custom.getOrDefault(e.getKey(), 0L) + wanted > totalCustom.getOrDefault(e.getKey(), 0L)) {
                return false;
            }
        }
        return true;
    }

    /** Takes the request's resources; the caller checked {@link #hasFree}. */
    public void commit(ResourceRequest r) {
        if (!hasFree(r)) {
            throw new IllegalStateException("cannot commit " + r + ": only " + free() + " is free");
        }
        usedCpu += units(r.cpu());
        usedGpu += units(r.gpu());
        usedMemory += r.memoryBytes();
        r.custom().forEach((k, v) -> usedCustom.merge(k, units(v), Long::sum));
    }

    /** Gives back what {@link #commit} took. */
    public void release(ResourceRequest r) {
        usedCpu -= units(r.cpu());
        usedGpu -= units(r.gpu());
        usedMemory -= r.memoryBytes();
        r.custom().forEach((k, v) -> usedCustom.merge(k, -units(v), Long::sum));
        if (usedCpu < 0 || usedGpu < 0 || usedMemory < 0 || usedCustom.values().stream().anyMatch(v -> v < 0)) {
            throw new IllegalStateException("released more than was committed: " + r);
        }
    }

    /** What is free now, as machine resources. */
    public MachineResources free() {
        Map<String, Double> custom = new HashMap<>();
        totalCustom.forEach((k, v) -> custom.put(k, (v - usedCustom.getOrDefault(k, 0L)) / UNITS));
        return new MachineResources((totalCpu - usedCpu) / UNITS, (totalGpu - usedGpu) / UNITS,
                totals.memoryBytes() - usedMemory, custom);
    }

    private static long units(double amount) {
        return Math.round(amount * UNITS);
    }
}
