package io.jtune.engine.schedule;

import io.jtune.api.Mode;
import io.jtune.api.ResourceRequest;
import io.jtune.api.Result;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.api.spi.RunnerView;
import io.jtune.api.spi.TrialView;
import java.util.Map;
import java.util.Objects;

/**
 * The default {@link ResourceAllocation} (Ray Tune's {@code DistributeResources} and
 * {@code DistributeResourcesToTopJob}): hands the free CPUs and GPUs to the live trials in
 * {@linkplain #increaseBy units} on top of the base request, so that every resource is in use.
 *
 * <ul>
 *   <li>Free = the executor's totals (less {@link #reserve}) minus what every live trial (PENDING,
 *       RUNNING, PAUSED) holds or waits for; a trial still waiting to start counts, so survivors
 *       grow only once nothing waits.</li>
 *   <li>{@link #evenly()}: a trial takes the whole units free, up to its even share of what the
 *       totals hold above the live trials' base requests (the units above the bases divided by the
 *       live trials, rounded up).</li>
 *   <li>{@link #toTopJob()}: only the best trial by the experiment's metric (its last result)
 *       takes the free units; the others keep what they have.</li>
 *   <li>When more is held than there is (new trials arrived), a trial gives back units at its next
 *       result; it never drops below the base request.</li>
 * </ul>
 *
 * The unit is one CPU, or one GPU when the base request has GPUs. Nothing changes at iteration 0.
 * Each call looks at every trial of the experiment once.
 */
public final class DistributeResources implements ResourceAllocation {
    private static final String NAME = "DistributeResources";
    /** Absorbs rounding when amounts are divided into units. */
    private static final double SLACK = 1e-9;
    private static final ResourceRequest ONE_CPU = ResourceRequest.cpus(1);
    private static final ResourceRequest ONE_GPU = new ResourceRequest(0, 1, 0, Map.of());

    private final boolean topJob;
    private ResourceRequest unit;
    private int maxUnits;
    private ResourceRequest reserved = new ResourceRequest(0, 0, 0, Map.of());
    private String metric;
    private Mode mode;

    private DistributeResources(boolean topJob) {
        this.topJob = topJob;
    }

    /** Spreads the free resources over the live trials, each up to its even share (Ray's default). */
    public static DistributeResources evenly() {
        return new DistributeResources(false);
    }

    /** Gives the free resources to the best trial by the experiment's metric (Ray's {@code DistributeResourcesToTopJob}). */
    public static DistributeResources toTopJob() {
        return new DistributeResources(true);
    }

    /** The unit a trial grows or shrinks by (its CPUs and GPUs; at least one positive). Default: 1 CPU, or 1 GPU when the base has GPUs. */
    public DistributeResources increaseBy(ResourceRequest step) {
        SchedulerArgs.require(NAME, step.cpu() > 0 || step.gpu() > 0, "increaseBy must add CPUs or GPUs, got " + step);
        this.unit = step;
        return this;
    }

    /** At most this many units above the base request per trial (Ray's {@code increase_by_times}; default no limit). */
    public DistributeResources increaseByTimes(int times) {
        SchedulerArgs.require(NAME, times >= 1, "increaseByTimes must be >= 1, got " + times);
        this.maxUnits = times;
        return this;
    }

    /** CPUs and GPUs never handed out to resized trials (Ray's {@code reserve_resources}). */
    public DistributeResources reserve(ResourceRequest kept) {
        this.reserved = kept;
        return this;
    }

    /** For {@link #toTopJob()}: rank by this metric instead of the experiment's. */
    public DistributeResources metric(String name, Mode direction) {
        this.metric = SchedulerArgs.requireName(NAME, "metric", name);
        this.mode = Objects.requireNonNull(direction, "mode of metric '" + name + "'");
        return this;
    }

    @Override
    public void setup(ExperimentInfo experiment) {
        if (topJob && metric == null) {
            metric = experiment.requireMetric(NAME + ".toTopJob()");
            mode = experiment.mode();
        }
    }

    @Override
    public ResourceRequest allocate(RunnerView runner, TrialView trial, Result result, ResourceRequest base) {
        if (result.trainingIteration() < 1) {
            return null;
        }
        ResourceRequest step = unit != null ? unit : base.gpu() > 0 ? ONE_GPU : ONE_CPU;
        ResourceRequest totals = runner.totalResources();
        double totalCpu = totals.cpu() - reserved.cpu();
        double totalGpu = totals.gpu() - reserved.gpu();
        int live = 0;
        double usedCpu = 0;
        double usedGpu = 0;
        TrialView best = null;
        for (TrialView t : runner.trials()) {
            if (t.status().isFinished()) {
                continue;
            }
            live++;
            usedCpu += t.resources().cpu();
            usedGpu += t.resources().gpu();
            if (topJob && t.lastResult() != null && (best == null || mode.isBetter(t.lastResult().getDouble(metric), best.lastResult().getDouble(metric)))) {
                best = t;
            }
        }
        long free = units(step, totalCpu - usedCpu, totalGpu - usedGpu);
        long held = Math.max(0, units(step, trial.resources().cpu() - base.cpu(), trial.resources().gpu() - base.gpu()));
        long wanted;
        if (free < 0) {
            wanted = Math.max(0, held + free);
        } else if (free == 0 || topJob && best != trial) {
            wanted = held;
        } else {
            long cap = topJob ? Long.MAX_VALUE : ceilDiv(units(step, totalCpu - base.cpu() * live, totalGpu - base.gpu() * live), live);
            wanted = Math.min(held + free, cap);
        }
        if (maxUnits > 0) {
            wanted = Math.min(wanted, maxUnits);
        }
        if (wanted == held && trial.resources().cpu() == base.cpu() + step.cpu() * held && trial.resources().gpu() == base.gpu() + step.gpu() * held) {
            return null; // the usual case: nothing to change, nothing allocated
        }
        ResourceRequest next = new ResourceRequest(base.cpu() + step.cpu() * wanted, base.gpu() + step.gpu() * wanted, base.memoryBytes(), base.custom());
        return next.equals(trial.resources()) ? null : next;
    }

    /** How many whole units fit in these amounts (negative amounts give a negative count: the units short). */
    private static long units(ResourceRequest step, double cpu, double gpu) {
        long byCpu = step.cpu() > 0 ? (long) Math.floor(cpu / step.cpu() + SLACK) : Long.MAX_VALUE;
        long byGpu = step.gpu() > 0 ? (long) Math.floor(gpu / step.gpu() + SLACK) : Long.MAX_VALUE;
        return Math.min(byCpu, byGpu);
    }

    private static long ceilDiv(long units, int trials) {
        return units <= 0 ? 0 : Math.floorDiv(units + trials - 1, trials);
    }

    @Override
    public String toString() {
        return NAME + (topJob ? ".toTopJob()" : ".evenly()");
    }
}
