package io.jtune.report;

import io.jtune.api.ConfigurationKeys;
import io.jtune.api.Result;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.api.spi.TrialView;
import io.jtune.engine.runner.state.ExperimentState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps {@code report.html} in the experiment folder up to date: the driver thread only marks the
 * report stale (a volatile write per event); a background thread re-renders it from the folder's
 * files at most every {@link #DEFAULT_PERIOD} and never spending more than 5% of its time
 * rendering (the pause after a render is at least 19 times its duration). At the end of the
 * experiment the report is written once more, complete, on that thread too: the driver waits for
 * it without spending its time on it. Found on the class path through
 * {@code META-INF/services/io.jtune.api.spi.Callback}, so every experiment run with tune-report on
 * the class path gets a report; {@code -Djtune.report=false} turns it off. A report that cannot be
 * written is logged, never failing the experiment.
 */
public final class ReportCallback implements Callback {
    /** The system property that turns the report off ({@code false}). */
    public static final String ENABLED_PROPERTY = ConfigurationKeys.REPORT;
    /** The least time between two refreshes during a run. */
    public static final Duration DEFAULT_PERIOD = Duration.ofSeconds(5);
    private static final Logger LOG = LoggerFactory.getLogger(ReportCallback.class);
    private static final int IDLE_FACTOR = 19;
    /** How long the experiment's end waits for the final report. */
    private static final Duration FINAL_WAIT = Duration.ofMinutes(2);

    private final boolean enabled;
    private final Duration period;
    private Path dir;
    private ScheduledThreadPoolExecutor refresher;
    private volatile boolean stale;
    private boolean warned;

    /** The callback ServiceLoader makes: enabled unless {@code -Djtune.report=false}, refreshing at most every 5 s. */
    public ReportCallback() {
        this(!"false".equalsIgnoreCase(System.getProperty(ENABLED_PROPERTY, "true")), DEFAULT_PERIOD);
    }

    ReportCallback(boolean enabled, Duration period) {
        this.enabled = enabled;
        this.period = period;
    }

    @Override
    public void setup(ExperimentInfo experiment) {
        if (!enabled) {
            return;
        }
        dir = experiment.dir();
        refresher = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "jtune-report-" + experiment.name());
            t.setDaemon(true);
            t.setPriority(Thread.MIN_PRIORITY);
            return t;
        });
        refresher.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        refresher.schedule(this::refresh, period.toNanos(), TimeUnit.NANOSECONDS);
    }

    @Override
    public void onTrialAdd(TrialView trial) {
        stale = true;
    }

    @Override
    public void onTrialResult(TrialView trial, Result result) {
        stale = true;
    }

    @Override
    public void onTrialComplete(TrialView trial) {
        stale = true;
    }

    @Override
    public void onTrialError(TrialView trial, Throwable error) {
        stale = true;
    }

    /** On the background thread: renders when stale, then schedules the next refresh. */
    private void refresh() {
        long pause = period.toNanos();
        if (stale) {
            stale = false;
            long start = System.nanoTime();
            write();
            pause = Math.max(pause, IDLE_FACTOR * (System.nanoTime() - start));
        }
        try {
            refresher.schedule(this::refresh, pause, TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException ended) {
            // the experiment ended: the final report is queued or written
        }
    }

    @Override
    public void onExperimentEnd(List<? extends TrialView> trials) {
        if (refresher == null) {
            return;
        }
        refresher.execute(this::write);
        refresher.shutdown();
        try {
            if (!refresher.awaitTermination(FINAL_WAIT.toSeconds(), TimeUnit.SECONDS)) {
                LOG.warn("the final report of {} was not written within {} s; it goes on in the background (a daemon thread, cut short if the JVM exits first)", dir, FINAL_WAIT.toSeconds());
                return;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        LOG.info("report: {}", dir.resolve(Reports.FILE).toUri());
    }

    private synchronized void write() {
        if (!Files.exists(dir.resolve(ExperimentState.FILE))) {
            return; // the experiment failed before its first snapshot: nothing to show
        }
        try {
            Reports.write(dir, dir.resolve(Reports.FILE));
        } catch (RuntimeException e) {
            if (!warned) {
                warned = true;
                LOG.warn("cannot write the report of experiment {}: {}", dir, e.getMessage(), e);
            }
        }
    }
}
