package io.jtune.engine.runner;

import io.jtune.api.ResourceRequest;
import io.jtune.api.TuneException;
import io.jtune.engine.exec.ResourcePool;

/**
 * Deterministic mode's logical width: how many trials run at once in the logical schedule the
 * searcher and scheduler see, whatever runs at once physically. {@link #AUTO} takes the width the
 * run would have as its concurrency ({@code maxConcurrentTrials}, else as many trials as the
 * machine's resources hold); a given width makes results independent of both. The width's trials
 * must fit the machine at once (each keeps its trainable and resources between its steps), while
 * {@code maxConcurrentTrials} bounds how many of them compute a step at once.
 */
public final class DeterministicWidth {
    /** The width meaning "the run's own concurrency". */
    public static final int AUTO = 0;
    /** More trials than any width is checked against. */
    private static final int MOST = 4096;

    private DeterministicWidth() {
    }

    /**
     * The width in force: {@code configured}, or for {@link #AUTO} the concurrency the run would
     * have: the trials of {@code request} the machine holds at once (one per CPU for trials requesting
     * nothing), at most {@code maxConcurrentTrials} when that is set.
     */
    public static int resolve(int configured, int maxConcurrentTrials, ResourceRequest machine, ResourceRequest request) {
        if (configured != AUTO) {
            return configured;
        }
        if (requestsNothing(request)) {
            return maxConcurrentTrials > 0 ? maxConcurrentTrials : Math.max(1, (int) machine.cpu());
        }
        int fit = Math.max(1, trialsAtOnce(machine, request, MOST));
        return maxConcurrentTrials > 0 ? Math.min(maxConcurrentTrials, fit) : fit;
    }

    /** Refuses a width whose trials the machine cannot hold at once, saying what to change. */
    static void requireFits(int width, ResourceRequest machine, ResourceRequest request) {
        if (!requestsNothing(request) && trialsAtOnce(machine, request, width) < width) {
            throw new TuneException("deterministic mode of width " + width + " keeps " + width + " trials of " + request
                    + " each at once, but the machine (" + machine + ") holds only " + trialsAtOnce(machine, request, width)
                    + "; lower the width with Tuner.deterministic(width), or declare what the machine has with Tuner.machineResources(...) "
                    + "(maxConcurrentTrials bounds how many of them compute at once)");
        }
    }

    static boolean requestsNothing(ResourceRequest r) {
        return r.cpu() == 0 && r.gpu() == 0 && r.memoryBytes() == 0 && r.custom().values().stream().allMatch(v -> v == 0);
    }

    /** How many trials of {@code request} the machine holds at once, counting up to {@code most}. */
    private static int trialsAtOnce(ResourceRequest machine, ResourceRequest request, int most) {
        ResourcePool pool = new ResourcePool(machine);
        int n = 0;
        while (n < most && pool.hasFree(request)) {
            pool.commit(request);
            n++;
        }
        return n;
    }
}
