package io.jtune.engine.trial;

import io.jtune.api.ConfigurationKeys;
import io.jtune.api.TrialStatus;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * The per-trial stall limit ({@code Tuner.stallTimeout}, system property {@value #PROPERTY}): a
 * trial whose run posts nothing (no result, no checkpoint) for longer than the limit while it
 * should be working is failed with a {@link TrialStalledException} naming it and what it was doing,
 * its run is {@linkplain io.jtune.engine.exec.TrialExecutor#abandon abandoned}, and it is retried
 * as any failed trial. Off by default ({@link Duration#ZERO}): a step may take as long as it takes.
 * The driver's only (one call at a time, under the runner's lock).
 */
public final class StallLimit {
    /** The system property giving the default limit: seconds ({@code 600}) or an ISO-8601 duration ({@code PT10M}); 0 = off. */
    public static final String PROPERTY = ConfigurationKeys.STALL_TIMEOUT;

    private final Duration limit;
    private final long limitNanos;

    public StallLimit(Duration limit) {
        this.limit = limit;
        this.limitNanos = saturatedNanos(limit);
    }

    /** A limit longer than a {@code long} can count in nanoseconds (about 292 years) is as good as none: it saturates. */
    private static long saturatedNanos(Duration limit) {
        return limit.compareTo(Duration.ofNanos(Long.MAX_VALUE)) >= 0 ? Long.MAX_VALUE : limit.toNanos();
    }

    /** The limit the system property gives, or {@link Duration#ZERO} (off) when it is not set. */
    public static Duration fromSystemProperty() {
        return parse(System.getProperty(PROPERTY));
    }

    public static Duration parse(String value) {
        if (value == null || value.isBlank()) {
            return Duration.ZERO;
        }
        String text = value.trim();
        try {
            Duration limit = text.startsWith("P") || text.startsWith("p") ? Duration.parse(text) : Duration.ofMillis(Math.round(Double.parseDouble(text) * 1000));
            if (!limit.isNegative()) {
                return limit;
            }
        } catch (NumberFormatException | DateTimeParseException | ArithmeticException e) {
            // reported below
        }
        throw new IllegalArgumentException(PROPERTY + " must be a number of seconds >= 0 or an ISO-8601 duration such as PT10M (0 = no stall limit), got '" + value + "'");
    }

    public boolean enabled() {
        return limitNanos > 0;
    }

    /** The trials of {@code trials} whose run should be posting but has been silent longer than the limit at {@code now}. */
    public List<Trial> stalled(List<Trial> trials, long now) {
        List<Trial> stalled = new ArrayList<>(0);
        for (Trial t : trials) {
            boolean working = t.status() == TrialStatus.RUNNING || t.pendingSaves() > 0;
            if (working && now - t.lastHeardNanos() > limitNanos) {
                stalled.add(t);
            }
        }
        return stalled;
    }

    /** The error a stalled trial fails with: its name, how long it was silent and what it was doing. */
    public TrialStalledException errorFor(Trial trial, long now) {
        return new TrialStalledException(String.format(java.util.Locale.ROOT,
                "trial %s stalled: nothing (no result, no checkpoint) for %.1f s while %s, over the stall limit of %s; its run was abandoned. "
                        + "Raise Tuner.stallTimeout(...) / -D%s if steps are meant to take that long",
                trial.name(), (now - trial.lastHeardNanos()) / 1e9, activity(trial), limit, PROPERTY));
    }

    /** What the trial's run was doing, as far as the driver knows: a save it asked for, setup (with restore) and the first step, or a step. */
    public static String activity(Trial trial) {
        if (trial.pendingSaves() > 0) {
            return "saving a checkpoint at iteration " + trial.iteration();
        }
        if (trial.iterationsSinceRestore() == 0) {
            return trial.restoredFrom() == null
                    ? "setting up and running step " + (trial.iteration() + 1)
                    : "restoring " + trial.restoredFrom().getFileName() + " and running step " + (trial.iteration() + 1);
        }
        return "running step " + (trial.iteration() + 1);
    }
}
