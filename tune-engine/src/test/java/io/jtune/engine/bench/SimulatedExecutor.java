package io.jtune.engine.bench;

import io.jtune.api.ResourceRequest;
import io.jtune.engine.exec.TrialEvent;
import io.jtune.engine.exec.TrialExecutor;
import io.jtune.engine.exec.TrialLaunch;
import io.jtune.engine.spec.DetectedMachine;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * A {@link TrialExecutor} that runs no code and never sleeps: each trial's steps take a random
 * virtual time (1 to 10 s) and report a score on a noisy learning curve that rises towards the
 * trial's own ceiling. {@link #nextEvent} hands out the result due earliest in virtual time, so a
 * driver can be measured with thousands of trials running at once on one machine. Saves answer
 * at once without a checkpoint. Driver thread only. Its own work runs on the driver thread and so
 * counts against the driver, so it is kept small: the due steps are a binary heap over primitive
 * arrays (no object a step), and the noise comes from a table of normal draws made at the start.
 */
final class SimulatedExecutor implements TrialExecutor {
    private final ResourceRequest totals;
    /** Normal draws the noise of the scores cycles through (a power of two). */
    private static final int NOISE_DRAWS = 1 << 14;
    private final SplittableRandom random;
    private final double[] noise = new double[NOISE_DRAWS];
    private int nextNoise;
    /** The due steps, a binary heap by {@link #dueAt}: when each reports (virtual seconds), and whose it is. */
    private double[] dueAt = new double[1024];
    private Run[] dueRun = new Run[1024];
    private int dueCount;
    private final Map<String, Run> running = new HashMap<>();
    private final ArrayDeque<TrialEvent> saves = new ArrayDeque<>();
    private double usedCpu;
    private double now;
    private long results;

    /** One run of a trial: its curve and how far it got. */
    private static final class Run {
        final TrialLaunch launch;
        final double ceiling;
        final double rate;
        final double stepSeconds;
        long iteration;
        boolean stopped;
        final Map<String, Object> metrics = new HashMap<>(4);

        Run(TrialLaunch launch, double ceiling, double rate, double stepSeconds) {
            this.launch = launch;
            this.ceiling = ceiling;
            this.rate = rate;
            this.stepSeconds = stepSeconds;
            this.iteration = launch.startIteration();
        }
    }

    SimulatedExecutor(int cpus, long seed) {
        this.totals = DetectedMachine.resources().withCpu(cpus);
        this.random = new SplittableRandom(seed);
        for (int i = 0; i < noise.length; i++) {
            noise[i] = random.nextGaussian() * 0.01;
        }
    }

    /** The results handed out so far. */
    long results() {
        return results;
    }

    @Override
    public ResourceRequest totals() {
        return totals;
    }

    @Override
    public boolean hasResources(ResourceRequest request) {
        return usedCpu + request.cpu() <= totals.cpu();
    }

    @Override
    public boolean canEverRun(ResourceRequest request) {
        return request.cpu() <= totals.cpu();
    }

    @Override
    public void start(TrialLaunch launch) {
        if (!hasResources(launch.resources()) || running.containsKey(launch.trialId())) {
            throw new IllegalStateException("trial " + launch.trialId() + " cannot start: it runs already or its resources are not free");
        }
        usedCpu += launch.resources().cpu();
        Run run = new Run(launch, random.nextDouble(), 0.02 + random.nextDouble() * 0.2, 1 + random.nextDouble() * 9);
        running.put(launch.trialId(), run);
        schedule(now + run.stepSeconds, run);
    }

    @Override
    public void continueTraining(String trialId) {
        Run run = running.get(trialId);
        if (run != null) {
            schedule(now + run.stepSeconds, run);
        }
    }

    @Override
    public void save(String trialId, boolean required) {
        Run run = running.get(trialId);
        if (run != null) {
            saves.add(new TrialEvent.Saved(trialId, run.launch.runId(), null, run.iteration));
        }
    }

    @Override
    public void stop(String trialId, boolean reusable) {
        Run run = running.remove(trialId);
        if (run != null) {
            run.stopped = true;
            usedCpu -= run.launch.resources().cpu();
        }
    }

    @Override
    public TrialEvent nextEvent(long timeout, TimeUnit unit) {
        if (!saves.isEmpty()) {
            return saves.poll();
        }
        while (dueCount > 0) {
            double at = dueAt[0];
            Run run = dueRun[0];
            removeFirst();
            if (run.stopped) {
                continue;
            }
            if (at < now) {
                throw new IllegalStateException("the simulated executor's heap handed out a step due at " + at + " after one due at " + now);
            }
            now = at;
            run.iteration++;
            double score = run.ceiling * (1 - Math.exp(-run.rate * run.iteration)) + noise[nextNoise++ & NOISE_DRAWS - 1];
            run.metrics.put("score", score);
            results++;
            return new TrialEvent.Reported(run.launch.trialId(), run.launch.runId(), run.metrics, null, 1_000);
        }
        return null;
    }

    /** Adds a step due at {@code at} to the heap. */
    private void schedule(double at, Run run) {
        if (dueCount == dueAt.length) {
            dueAt = Arrays.copyOf(dueAt, dueCount * 2);
            dueRun = Arrays.copyOf(dueRun, dueCount * 2);
        }
        int i = dueCount++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (dueAt[parent] <= at) {
                break;
            }
            dueAt[i] = dueAt[parent];
            dueRun[i] = dueRun[parent];
            i = parent;
        }
        dueAt[i] = at;
        dueRun[i] = run;
    }

    /** Removes the earliest step from the heap. */
    private void removeFirst() {
        int last = --dueCount;
        double at = dueAt[last];
        Run run = dueRun[last];
        dueRun[last] = null;
        int i = 0;
        while (true) {
            int child = 2 * i + 1;
            if (child >= last) {
                break;
            }
            if (child + 1 < last && dueAt[child + 1] < dueAt[child]) {
                child++;
            }
            if (dueAt[child] >= at) {
                break;
            }
            dueAt[i] = dueAt[child];
            dueRun[i] = dueRun[child];
            i = child;
        }
        if (last > 0) {
            dueAt[i] = at;
            dueRun[i] = run;
        }
    }

    @Override
    public boolean hasPendingEvents() {
        return dueCount > 0 || !saves.isEmpty();
    }

    @Override
    public void close() {
        Arrays.fill(dueRun, 0, dueCount, null);
        dueCount = 0;
        saves.clear();
        running.clear();
    }
}
