package io.jtune.engine.exec;

import io.jtune.api.ResourceRequest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
/**
 * Accounts committed resources against a machine's totals. Amounts are kept in fixed point
 * (1/10,000 of a unit, as Ray Tune rounds fractional resources), so fractions add up exactly.
 * GPUs are also assigned by index: a request's whole GPUs are GPUs no one else uses, and its
 * fractional part shares one GPU with other fractional requests (the fullest that still fits).
 * Not thread-safe: the driver alone uses it, one call at a time (under the runner's lock).
 */
public final class ResourcePool {
    private static final double UNITS = 10_000;
    private static final long UNIT = 10_000;

    private final ResourceRequest totals;
    private final long totalCpu;
    private final long totalGpu;
    private final Map<String, Long> totalCustom = new HashMap<>();
    private long usedCpu;
    private long usedGpu;
    private long usedMemory;
    private final Map<String, Long> usedCustom = new HashMap<>();
    /** Per GPU index: its capacity and what is used of it, in units (the last GPU of a fractional total holds the fraction). */
    private final long[] gpuCapacity;
    private final long[] gpuUsed;

    public ResourcePool(ResourceRequest totals) {
        this.totals = totals;
        this.totalCpu = units(totals.cpu());
        this.totalGpu = units(totals.gpu());
        for (Map.Entry<String, Double> e : totals.custom().entrySet()) {
            totalCustom.put(e.getKey(), units(e.getValue()));
        }
        int gpus = (int) ((totalGpu + UNIT - 1) / UNIT);
        this.gpuCapacity = new long[gpus];
        this.gpuUsed = new long[gpus];
        for (int i = 0; i < gpus; i++) {
            gpuCapacity[i] = Math.min(UNIT, totalGpu - i * UNIT);
        }
    }

    public ResourceRequest totals() {
        return totals;
    }

    /** True when the request could ever run here, i.e. fits the totals when nothing else runs. */
    public boolean fitsTotals(ResourceRequest r) {
        return fits(r, 0, 0, 0, Map.of());
    }

    /** True when the request fits what is free now, GPUs by index included. */
    public boolean hasFree(ResourceRequest r) {
        return fits(r, usedCpu, usedGpu, usedMemory, usedCustom) && (r.gpu() == 0 || assignGpus(units(r.gpu())) != null);
    }

    private boolean fits(ResourceRequest r, long cpu, long gpu, long memory, Map<String, Long> custom) {
        if (cpu + units(r.cpu()) > totalCpu || gpu + units(r.gpu()) > totalGpu || r.memoryBytes() > 0 && memory + r.memoryBytes() > totals.memoryBytes()) {
            return false;
        }
        if (r.custom().isEmpty()) {
            return true;
        }
        for (Map.Entry<String, Double> e : r.custom().entrySet()) {
            long wanted = units(e.getValue());
            if (custom.getOrDefault(e.getKey(), 0L) + wanted > totalCustom.getOrDefault(e.getKey(), 0L)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Takes the request's resources; the caller checked {@link #hasFree}. Returns the indices of the
     * GPUs assigned: the whole ones ascending, then the one its fractional part shares (empty
     * without GPUs).
     */
    public List<Integer> commit(ResourceRequest r) {
        if (!hasFree(r)) {
            throw new IllegalStateException("cannot commit " + r + ": only " + free() + " is free");
        }
        long gpuUnits = units(r.gpu());
        List<Integer> gpus = gpuUnits == 0 ? List.of() : assignGpus(gpuUnits);
        for (int i = 0; i < gpus.size(); i++) {
            gpuUsed[gpus.get(i)] += share(gpuUnits, i, gpus.size());
        }
        usedCpu += units(r.cpu());
        usedGpu += gpuUnits;
        usedMemory += r.memoryBytes();
        addCustom(r, 1);
        return gpus;
    }

    /** The GPUs {@code gpuUnits} would get now, or null when they do not fit. */
    private List<Integer> assignGpus(long gpuUnits) {
        long whole = gpuUnits / UNIT;
        long fraction = gpuUnits % UNIT;
        List<Integer> chosen = new ArrayList<>();
        for (int i = 0; i < gpuUsed.length && chosen.size() < whole; i++) {
            if (gpuUsed[i] == 0 && gpuCapacity[i] == UNIT) {
                chosen.add(i);
            }
        }
        if (chosen.size() < whole) {
            return null;
        }
        if (fraction > 0) {
            int best = -1;
            for (int i = 0; i < gpuUsed.length; i++) {
                boolean fits = !chosen.contains(i) && gpuUsed[i] + fraction <= gpuCapacity[i];
                if (fits && (best < 0 || gpuUsed[i] > gpuUsed[best])) {
                    best = i;
                }
            }
            if (best < 0) {
                return null;
            }
            chosen.add(best);
        }
        return List.copyOf(chosen);
    }

    /** What the {@code i}-th of {@code count} assigned GPUs carries of {@code gpuUnits}: a whole GPU, or the fraction (last). */
    private static long share(long gpuUnits, int i, int count) {
        long fraction = gpuUnits % UNIT;
        return fraction > 0 && i == count - 1 ? fraction : UNIT;
    }

    /** Gives back what {@link #commit} took for a request without GPUs. */
    public void release(ResourceRequest r) {
        if (r.gpu() > 0) {
            throw new IllegalArgumentException("releasing " + r + " needs the GPU indices commit returned: call release(request, gpuIds)");
        }
        release(r, List.of());
    }

    /** Gives back what {@link #commit} took, {@code gpuIds} being what it returned. */
    public void release(ResourceRequest r, List<Integer> gpuIds) {
        long gpuUnits = units(r.gpu());
        for (int i = 0; i < gpuIds.size(); i++) {
            gpuUsed[gpuIds.get(i)] -= share(gpuUnits, i, gpuIds.size());
            if (gpuUsed[gpuIds.get(i)] < 0) {
                throw new IllegalStateException("released more of GPU " + gpuIds.get(i) + " than was committed: " + r);
            }
        }
        usedCpu -= units(r.cpu());
        usedGpu -= units(r.gpu());
        usedMemory -= r.memoryBytes();
        if (usedCpu < 0 || usedGpu < 0 || usedMemory < 0 || !addCustom(r, -1)) {
            throw new IllegalStateException("released more than was committed: " + r);
        }
    }

    /** Adds ({@code sign} 1) or takes back (-1) the request's custom resources; false when a total used went below 0. */
    private boolean addCustom(ResourceRequest r, int sign) {
        boolean nonNegative = true;
        for (Map.Entry<String, Double> e : r.custom().entrySet()) {
            long used = usedCustom.getOrDefault(e.getKey(), 0L) + sign * units(e.getValue());
            usedCustom.put(e.getKey(), used);
            nonNegative &= used >= 0;
        }
        return nonNegative;
    }

    /** What is free now, as machine resources. */
    public ResourceRequest free() {
        Map<String, Double> custom = new HashMap<>();
        totalCustom.forEach((k, v) -> custom.put(k, (v - usedCustom.getOrDefault(k, 0L)) / UNITS));
        return new ResourceRequest((totalCpu - usedCpu) / UNITS, (totalGpu - usedGpu) / UNITS,
                totals.memoryBytes() - usedMemory, custom);
    }

    private static long units(double amount) {
        return Math.round(amount * UNITS);
    }
}
