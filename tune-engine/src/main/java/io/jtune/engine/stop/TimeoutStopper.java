package io.jtune.engine.stop;

import io.jtune.api.Result;
import io.jtune.api.spi.Stopper;
import io.jtune.engine.log.LazyLogger;
import io.jtune.engine.search.StateJson;
import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * A time budget for the experiment (Ray Tune's {@code TimeoutStopper}, {@code time_budget_s}):
 * {@link #stopAll()} turns true once the time between its calls adds up to the budget. As in Ray
 * the clock starts at the first check (setup time is free), and a restored experiment continues
 * with the budget that was left, not counting the time it was down. Never stops a single trial.
 */
public final class TimeoutStopper implements Stopper {
    private static final String NAME = "TimeoutStopper";
    private static final LazyLogger LOG = new LazyLogger(TimeoutStopper.class);
    private static final long UNSET = Long.MIN_VALUE;

    private final Duration budget;
    private final LongSupplier nanoClock;
    private long remainingNanos;
    private long lastCheck = UNSET;

    public TimeoutStopper(Duration budget) {
        this(budget, System::nanoTime);
    }

    /** With a monotonic clock in nanoseconds (a fake one in tests). */
    public TimeoutStopper(Duration budget, LongSupplier nanoClock) {
        if (budget == null || budget.isNegative()) {
            throw new IllegalArgumentException(NAME + ": the time budget must be >= 0, got " + budget);
        }
        this.budget = budget;
        this.nanoClock = nanoClock;
        this.remainingNanos = budget.toNanos();
    }

    @Override
    public boolean shouldStop(String trialId, Result result) {
        return false;
    }

    @Override
    public boolean stopAll() {
        long now = nanoClock.getAsLong();
        if (lastCheck != UNSET) {
            remainingNanos -= now - lastCheck;
        }
        lastCheck = now;
        if (remainingNanos <= 0) {
            LOG.get().info("Reached the time budget of {}; stopping all trials.", budget);
            return true;
        }
        return false;
    }

    /** The budget not used yet. */
    public Duration remaining() {
        return Duration.ofNanos(Math.max(0, remainingNanos));
    }

    @Override
    public String saveState() {
        return StateJson.write(StateJson.object().put("remaining_nanos", remainingNanos));
    }

    @Override
    public void restoreState(String json) {
        remainingNanos = StateJson.parse(json, NAME).path("remaining_nanos").asLong(remainingNanos);
        lastCheck = UNSET;
    }
}
