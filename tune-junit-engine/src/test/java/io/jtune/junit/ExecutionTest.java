package io.jtune.junit;

import static io.jtune.junit.support.Runs.entries;
import static io.jtune.junit.support.Runs.execute;
import static io.jtune.junit.support.Runs.finishedTrials;
import static io.jtune.junit.support.Runs.result;
import static io.jtune.junit.support.Runs.trialNames;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectUniqueId;

import io.jtune.engine.ResultGrid;
import io.jtune.engine.Tuner;
import io.jtune.engine.remote.RemoteTrialError;
import io.jtune.engine.runner.state.ExperimentState;
import io.jtune.junit.fixtures.earlystop.AshaFullRunTrainable;
import io.jtune.junit.fixtures.earlystop.EarlyStoppedTrainable;
import io.jtune.junit.fixtures.earlystop.StopHighLossScheduler;
import io.jtune.junit.fixtures.expect.MetExpectationTrainable;
import io.jtune.junit.fixtures.expect.MissedExpectationTrainable;
import io.jtune.junit.fixtures.failure.ExplodingTrainable;
import io.jtune.junit.fixtures.success.QuadraticTrainable;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.TestExecutionResult.Status;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.Event;
import org.opentest4j.AssertionFailedError;

/** Experiments run through the engine: trials as dynamic tests, their outcomes, report entries and @Expect verdicts. */
class ExecutionTest {

    @TempDir
    Path storage;

    @Test
    void eachTrialIsADynamicTestNamedByItsConfigAndReportingItsMetrics() {
        EngineExecutionResults results = execute(storage, Map.of(), selectClass(QuadraticTrainable.class));

        List<Event> trials = finishedTrials(results);
        assertEquals(3, results.testEvents().dynamicallyRegistered().count());
        assertEquals(3, trials.size());
        for (Event trial : trials) {
            assertEquals(Status.SUCCESSFUL, result(trial).getStatus());
            TestDescriptor test = trial.getTestDescriptor();
            assertTrue(test.getDisplayName().matches("\\d+_x=-?[0-9.e-]+"), test.getDisplayName());
            assertEquals("trial", test.getUniqueId().getLastSegment().getType());
            assertEquals(UniqueId.forEngine("jtune").append("class", QuadraticTrainable.class.getName()), test.getParent().orElseThrow().getUniqueId());
            Map<String, String> entries = entries(results, test);
            assertEquals("finished", entries.get("outcome"));
            assertEquals("2", entries.get("training_iteration"));
            assertTrue(Double.parseDouble(entries.get("loss")) >= 0, entries.toString());
        }
        Event experiment = results.containerEvents().finished().filter(e -> e.getTestDescriptor().getParent().isPresent()
                && e.getTestDescriptor().getParent().get().getParent().isEmpty()).findFirst().orElseThrow();
        assertEquals(Status.SUCCESSFUL, result(experiment).getStatus());
        Map<String, String> summary = entries(results, experiment.getTestDescriptor());
        assertEquals("3", summary.get("trials"));
        assertEquals("loss (min)", summary.get("metric"));
        assertTrue(summary.get("best_config").startsWith("x="), summary.toString());
        assertTrue(Path.of(summary.get("experiment_dir")).startsWith(storage), summary.toString());
    }

    @Test
    void withTheProcessExecutorAnErroredTrialFailsWithTheExceptionFromItsWorkerJvm() {
        EngineExecutionResults results = execute(storage, Map.of(Constants.EXECUTOR_PROPERTY_NAME, "process"), selectClass(ExplodingTrainable.class));

        assertEquals(List.of("0_size=1", "2_size=3"), trialNames(results, Status.SUCCESSFUL));
        assertEquals(List.of("1_size=2"), trialNames(results, Status.FAILED));
        Throwable failure = finishedTrials(results).stream().map(e -> result(e)).filter(r -> r.getStatus() == Status.FAILED)
                .findFirst().orElseThrow().getThrowable().orElseThrow();
        assertInstanceOf(RemoteTrialError.class, failure, "the failure crossed from a worker JVM as data");
        assertEquals("java.lang.IllegalStateException: size 2 explodes", failure.toString());
    }

    @Test
    void anErroredTrialFailsWithTheTrainablesExceptionAndTheOthersSucceed() {
        EngineExecutionResults results = execute(storage, Map.of(), selectClass(ExplodingTrainable.class));

        assertEquals(List.of("0_size=1", "2_size=3"), trialNames(results, Status.SUCCESSFUL));
        assertEquals(List.of("1_size=2"), trialNames(results, Status.FAILED));
        Throwable failure = finishedTrials(results).stream().map(e -> result(e)).filter(r -> r.getStatus() == Status.FAILED)
                .findFirst().orElseThrow().getThrowable().orElseThrow();
        assertInstanceOf(IllegalStateException.class, failure);
        assertEquals("size 2 explodes", failure.getMessage());
    }

    @Test
    void aTrialTheSchedulerStopsEarlyIsSuccessfulAndSaysWhy() {
        EngineExecutionResults results = execute(storage, Map.of(), selectClass(EarlyStoppedTrainable.class));

        assertEquals(List.of("0_lr=0.1", "1_lr=0.9"), trialNames(results, Status.SUCCESSFUL));
        for (Event trial : finishedTrials(results)) {
            Map<String, String> entries = entries(results, trial.getTestDescriptor());
            if (trial.getTestDescriptor().getDisplayName().endsWith("lr=0.9")) {
                assertEquals("stopped early", entries.get("outcome"));
                assertEquals("stopped by StopHighLossScheduler at iteration 1, on loss=0.9 (its decision after that result)", entries.get("reason"));
                assertEquals("1", entries.get("training_iteration"));
                assertEquals(EarlyStoppedTrainable.class.getName(), trial.getTestDescriptor().getParent().orElseThrow().getDisplayName(),
                        "Surefire files a trial under its experiment's display name: the fully qualified class name");
            } else {
                assertEquals("finished", entries.get("outcome"));
                assertEquals("3", entries.get("training_iteration"));
            }
        }
    }

    @Test
    void aTrialAshaStopsAtMaxTFinishedInFullAndIsNotReportedAsStoppedEarly() {
        EngineExecutionResults results = execute(storage, Map.of(), selectClass(AshaFullRunTrainable.class));

        Map<String, Map<String, String>> byName = new HashMap<>();
        for (Event trial : finishedTrials(results)) {
            byName.put(trial.getTestDescriptor().getDisplayName(), entries(results, trial.getTestDescriptor()));
        }
        Map<String, String> full = byName.get("0_lr=0.1");
        assertEquals("finished", full.get("outcome"), full.toString());
        assertEquals("ran in full: reached the most training AsyncHyperBandScheduler gives a trial (max_t) at iteration 4", full.get("reason"));
        for (String cut : List.of("1_lr=0.5", "2_lr=0.9")) {
            assertEquals("stopped early", byName.get(cut).get("outcome"), byName.toString());
            assertEquals("2", byName.get(cut).get("training_iteration"));
        }
    }

    @Test
    void anExperimentRunAsATestIsTheSchedulersAndResumesWithoutTheEngine() {
        EngineExecutionResults results = execute(storage, Map.of(), selectClass(EarlyStoppedTrainable.class));
        Event experiment = results.containerEvents().finished().filter(e -> e.getTestDescriptor().getDisplayName()
                .equals(EarlyStoppedTrainable.class.getName())).findFirst().orElseThrow();
        Path dir = Path.of(entries(results, experiment.getTestDescriptor()).get("experiment_dir"));

        assertEquals(StopHighLossScheduler.class.getName(), ExperimentState.read(dir.resolve(ExperimentState.FILE)).scheduler().type(),
                "the state names the declared scheduler, not the engine's watch over it");
        ResultGrid resumed = Tuner.restore(dir, EarlyStoppedTrainable.class).progress(false).fit();
        assertEquals(2, resumed.numTerminated(), "tune:run -Djtune.resume or Tuner.restore continues a tuning test's experiment");
    }

    @Test
    void aMetExpectationLetsTheExperimentPass() {
        EngineExecutionResults results = execute(storage, Map.of(), selectClass(MetExpectationTrainable.class));

        assertEquals(0, results.allEvents().failed().count());
        assertEquals(2, results.testEvents().succeeded().count());
    }

    @Test
    void aMissedExpectationFailsTheExperimentWithTheBestValueAndTheThreshold() {
        EngineExecutionResults results = execute(storage, Map.of(), selectClass(MissedExpectationTrainable.class));

        assertEquals(2, results.testEvents().succeeded().count());
        TestExecutionResult experiment = results.containerEvents().failed().stream().map(e -> result(e)).findFirst().orElseThrow();
        AssertionFailedError missed = assertInstanceOf(AssertionFailedError.class, experiment.getThrowable().orElseThrow());
        String message = missed.getMessage();
        assertTrue(message.startsWith("@Expect(metric = \"accuracy\", atLeast = 0.9) missed: the best trial "), message);
        assertTrue(message.contains("quality=0.75"), message);
        assertTrue(message.endsWith(" (best by accuracy, max) ended with accuracy = 0.75, below the threshold 0.9"), message);
        assertEquals("at least 0.9", missed.getExpected().getStringRepresentation());
        assertEquals("0.75", missed.getActual().getStringRepresentation());
    }

    @Test
    void configurationParametersOverrideTheClassAndTheSameSeedGivesTheSameTrials() {
        Map<String, String> twoSeeded = Map.of(Constants.SAMPLES_PROPERTY_NAME, "2", Constants.SEED_PROPERTY_NAME, "42");

        List<String> first = trialNames(execute(storage.resolve("a"), twoSeeded, selectClass(QuadraticTrainable.class)), Status.SUCCESSFUL);
        List<String> second = trialNames(execute(storage.resolve("b"), twoSeeded, selectClass(QuadraticTrainable.class)), Status.SUCCESSFUL);
        List<String> otherSeed = trialNames(execute(storage.resolve("c"), Map.of(Constants.SAMPLES_PROPERTY_NAME, "2", Constants.SEED_PROPERTY_NAME, "43"),
                selectClass(QuadraticTrainable.class)), Status.SUCCESSFUL);

        assertEquals(2, first.size());
        assertEquals(first, second);
        assertTrue(!first.equals(otherSeed), first + " vs " + otherSeed);
    }

    @Test
    void aUniqueIdRunsThatExperimentOnly() {
        EngineExecutionResults results = execute(storage, Map.of(),
                selectUniqueId(UniqueId.forEngine("jtune").append("class", ExplodingTrainable.class.getName()).append("trial", "old_00001")));

        assertEquals(3, finishedTrials(results).size());
        assertTrue(finishedTrials(results).stream().allMatch(e -> e.getTestDescriptor().getDisplayName().contains("size=")));
    }

    @Test
    void aMalformedParameterFailsTheRunNamingTheKey() {
        EngineExecutionResults results = execute(storage, Map.of(Constants.SAMPLES_PROPERTY_NAME, "many"), selectClass(QuadraticTrainable.class));

        Throwable error = results.containerEvents().failed().stream().map(e -> result(e)).findFirst().orElseThrow().getThrowable().orElseThrow();
        assertTrue(error.getMessage().contains("[ERROR] configuration parameter jtune.samples='many' is not an integer: fix it in "
                + "junit-platform.properties, the -Djtune.samples system property or the launcher's configuration parameters"), error.getMessage());
        assertEquals(0, results.testEvents().started().count());
    }

    @Test
    void standardOutputHasOnlyTheSummaryUnlessProgressIsSwitchedOn() {
        String quiet = standardOutputOf(() -> execute(storage.resolve("quiet"), Map.of(), selectClass(QuadraticTrainable.class)));
        String progress = standardOutputOf(() -> execute(storage.resolve("progress"), Map.of(Constants.PROGRESS_PROPERTY_NAME, "true"),
                selectClass(QuadraticTrainable.class)));

        List<String> lines = quiet.lines().toList();
        assertEquals(6, lines.size(), quiet);
        assertTrue(lines.get(0).matches("jtune: experiment QuadraticTrainable_\\S+ \\(" + QuadraticTrainable.class.getName().replace(".", "\\.") + "\\)"), lines.get(0));
        assertEquals("  trials:          3 TERMINATED", lines.get(1));
        assertTrue(lines.get(2).matches("  best trial:      QuadraticTrainable_\\S+: loss = [0-9.E-]+ \\(min, last result\\)"), lines.get(2));
        assertTrue(lines.get(3).startsWith("  best config:     x="), lines.get(3));
        assertTrue(lines.get(4).startsWith("  best checkpoint: "), lines.get(4));
        assertTrue(lines.get(5).startsWith("  results in:      " + storage.resolve("quiet")), lines.get(5));
        assertTrue(progress.contains("TERMINATED") && progress.contains("best config:"), progress);
    }

    private static String standardOutputOf(Runnable run) {
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            run.run();
        } finally {
            System.setOut(original);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }
}
