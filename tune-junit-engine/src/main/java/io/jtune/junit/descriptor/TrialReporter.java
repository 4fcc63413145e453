package io.jtune.junit.descriptor;

import io.jtune.api.TrialStatus;
import io.jtune.api.TuneException;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.TrialView;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.platform.engine.EngineExecutionListener;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.reporting.ReportEntry;
import org.opentest4j.TestAbortedException;

/**
 * Turns an experiment's trials into dynamic tests of its container: a trial's test is registered
 * and started when the trial first starts, and finished when the trial reaches TERMINATED
 * (successful) or ends in ERROR (failed with the trainable's exception). A trial that fails and is
 * retried stays one test. Runs on the experiment's driver thread; it overrides no per-result
 * method, so it costs nothing on the result path.
 */
final class TrialReporter implements Callback {

    private final TestDescriptor experiment;
    private final EngineExecutionListener listener;
    private final EarlyStopWatch scheduler;
    private final Map<String, RunningTrial> running = new LinkedHashMap<>();

    TrialReporter(TestDescriptor experiment, EngineExecutionListener listener, EarlyStopWatch scheduler) {
        this.experiment = experiment;
        this.listener = listener;
        this.scheduler = scheduler;
    }

    @Override
    public synchronized void onTrialStart(TrialView trial) {
        RunningTrial test = running.get(trial.id());
        if (test == null) {
            register(trial);
        } else if (test.lastError != null) {
            publish(test, ReportEntry.from("retry", "attempt " + (trial.numFailures() + 1) + " after " + test.lastError));
            test.lastError = null;
        }
    }

    @Override
    public synchronized void onTrialError(TrialView trial, Throwable error) {
        RunningTrial test = running.containsKey(trial.id()) ? running.get(trial.id()) : register(trial);
        test.lastError = error;
    }

    @Override
    public synchronized void onTrialComplete(TrialView trial) {
        RunningTrial test = running.remove(trial.id());
        if (test != null) {
            publishEnd(trial, test);
            listener.executionFinished(test.descriptor, TestExecutionResult.successful());
        }
    }

    @Override
    public synchronized void onExperimentEnd(List<? extends TrialView> trials) {
        for (TrialView trial : trials) {
            RunningTrial test = running.remove(trial.id());
            if (test != null) {
                publishEnd(trial, test);
                listener.executionFinished(test.descriptor, endResult(trial, test));
            }
        }
    }

    /** Aborts the tests of trials the experiment did not end (it failed, or never reported their end). */
    synchronized void abortUnfinished(String why) {
        running.values().forEach(test -> listener.executionFinished(test.descriptor, TestExecutionResult.aborted(new TestAbortedException(why))));
        running.clear();
    }

    private static TestExecutionResult endResult(TrialView trial, RunningTrial test) {
        if (trial.status() == TrialStatus.ERROR) {
            return TestExecutionResult.failed(test.lastError != null ? test.lastError
                    : new TuneException("trial " + trial.id() + " ended in ERROR without reporting an exception"));
        }
        if (trial.status() == TrialStatus.TERMINATED) {
            return TestExecutionResult.successful();
        }
        return TestExecutionResult.aborted(new TestAbortedException("the experiment ended while trial " + trial.id() + " was " + trial.status()));
    }

    private void publishEnd(TrialView trial, RunningTrial test) {
        Consumer<ReportEntry> sink = entry -> publish(test, entry);
        switch (trial.status()) {
            case TERMINATED -> scheduler.stopReason(trial.id()).ifPresentOrElse(
                    why -> ReportEntries.publishTrial(trial, "stopped early", why, sink),
                    () -> ReportEntries.publishTrial(trial, "finished", scheduler.fullBudgetReason(trial.id()).orElseGet(() -> "completed after "
                            + iterations(trial) + " iterations: a stop rule was met or the trainable reported done"), sink));
            case ERROR -> ReportEntries.publishTrial(trial, "error", "failed " + trial.numFailures() + " time(s), last with " + test.lastError, sink);
            default -> ReportEntries.publishTrial(trial, "not finished", "the experiment ended while the trial was " + trial.status(), sink);
        }
    }

    private static long iterations(TrialView trial) {
        return trial.lastResult() == null ? 0 : trial.lastResult().trainingIteration();
    }

    private RunningTrial register(TrialView trial) {
        TrialDescriptor descriptor = new TrialDescriptor(experiment.getUniqueId().append(TrialDescriptor.SEGMENT_TYPE, trial.id()),
                ReportEntries.displayName(trial));
        experiment.addChild(descriptor);
        listener.dynamicTestRegistered(descriptor);
        listener.executionStarted(descriptor);
        RunningTrial test = new RunningTrial(descriptor);
        running.put(trial.id(), test);
        return test;
    }

    private void publish(RunningTrial test, ReportEntry entry) {
        listener.reportingEntryPublished(test.descriptor, entry);
    }

    private static final class RunningTrial {
        final TrialDescriptor descriptor;
        Throwable lastError;

        RunningTrial(TrialDescriptor descriptor) {
            this.descriptor = descriptor;
        }
    }
}
