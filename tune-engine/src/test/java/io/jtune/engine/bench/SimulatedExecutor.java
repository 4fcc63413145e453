package io.jtune.engine.bench;

import io.jtune.api.ResourceRequest;
import io.jtune.engine.exec.MachineResources;
import io.jtune.engine.exec.TrialEvent;
import io.jtune.engine.exec.TrialExecutor;
import io.jtune.engine.exec.TrialLaunch;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * A {@link TrialExecutor} that runs no code and never sleeps: each trial's steps take a random
 * virtual time (1 to 10 s) and report a score on a noisy learning curve that rises towards the
 * trial's own ceiling. {@link #nextEvent} hands out the result due earliest in virtual time, so a
 * driver can be measured with thousands of trials running at once on one machine. Saves answer
 * at once without a checkpoint. Driver thread only.
 */
final class SimulatedExecutor implements TrialExecutor {
    private final MachineResources totals;
    private final SplittableRandom random;
    private final PriorityQueue<Step> due = new PriorityQueue<>();
    private final Map<String, Run> running = new HashMap<>();
    private final ArrayDeque<TrialEvent> saves = new ArrayDeque<>();
    private double usedCpu;
    private double now;
    private long results;

    /** A step that reports at {@code at} (virtual seconds). */
    private record Step(double at, Run run) implements Comparable<Step> {
        @Override
        public int compareTo(Step o) {
            return Double.compare(at, o.at);
        }
    }

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
        this.totals = MachineResources.detect().withCpu(cpus);
        this.random = new SplittableRandom(seed);
    }

    /** The results handed out so far. */
    long results() {
        return results;
    }

    @Override
    public MachineResources totals() {
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
        due.add(new Step(now + run.stepSeconds, run));
    }

    @Override
    public void continueTraining(String trialId) {
        Run run = running.get(trialId);
        if (run != null) {
            due.add(new Step(now + run.stepSeconds, run));
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
        while (!due.isEmpty()) {
            Step step = due.poll();
            Run run = step.run;
            if (run.stopped) {
                continue;
            }
            now = step.at;
            run.iteration++;
            double score = run.ceiling * (1 - Math.exp(-run.rate * run.iteration)) + random.nextGaussian() * 0.01;
            run.metrics.put("score", score);
            results++;
            return new TrialEvent.Reported(run.launch.trialId(), run.launch.runId(), run.metrics, null, 1_000);
        }
        return null;
    }

    @Override
    public boolean hasPendingEvents() {
        return !due.isEmpty() || !saves.isEmpty();
    }

    @Override
    public void close() {
        due.clear();
        saves.clear();
        running.clear();
    }
}
