package io.jtune.engine.schedule;

import io.jtune.api.Mode;

/**
 * What the builders of the schedulers that rank trials by a metric share: the result field that
 * measures progress and, if wanted, a metric and mode of their own instead of the experiment's.
 *
 * @param <B> the concrete builder, which every setter returns
 */
public abstract class SchedulerBuilder<B extends SchedulerBuilder<B>> {
    /** The scheduler's name, for error messages. */
    final String scheduler;
    String timeAttr;
    String metric;
    Mode mode;

    SchedulerBuilder(String scheduler, String defaultTimeAttr) {
        this.scheduler = scheduler;
        this.timeAttr = defaultTimeAttr;
    }

    /**
     * The result field measuring progress; it must grow monotonically. Ray Tune's default:
     * {@code training_iteration} for HyperBand and ASHA, {@code time_total_s} for the median
     * stopping rule and PBT.
     */
    public B timeAttr(String timeAttr) {
        this.timeAttr = SchedulerArgs.requireName(scheduler, "time_attr", timeAttr);
        return self();
    }

    /** Ranks by this metric and mode instead of the experiment's. */
    public B metric(String metric, Mode mode) {
        this.metric = SchedulerArgs.requireName(scheduler, "metric", metric);
        this.mode = mode;
        return self();
    }

    /** This builder as its own type. */
    abstract B self();
}
