package io.jtune.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.api.trainable.TrialStoppedSignal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DiabetesFunctionApiTest {
    private static final Config GOOD = Config.of(Map.of("learning_rate", 0.05, "max_depth", 2, "min_samples_leaf", 5, "subsample", 0.8));

    @TempDir
    Path trialDir;

    @Test
    void reportsEveryTenTreesWithACheckpointUntilTheLargestEnsemble() throws Exception {
        RecordingSession session = new RecordingSession(trialDir, null, 0);
        DiabetesFunctionApi.train(GOOD, session);
        List<RecordingSession.Report> reports = session.reports;
        assertEquals(DiabetesFunctionApi.MAX_TREES / DiabetesFunctionApi.TREES_PER_REPORT, reports.size());
        for (int i = 0; i < reports.size(); i++) {
            RecordingSession.Report report = reports.get(i);
            assertEquals((i + 1) * DiabetesFunctionApi.TREES_PER_REPORT, report.metrics().get("trees"));
            assertNotNull(report.checkpoint(), "report " + i + " carries a checkpoint");
            assertTrue(Files.isDirectory(report.checkpoint().path()));
            assertTrue(report.checkpoint().path().startsWith(trialDir), "checkpoints are written inside the trial folder");
        }
        Map<String, ?> last = reports.get(reports.size() - 1).metrics();
        assertTrue((double) last.get(DiabetesFunctionApi.METRIC) < 65, "validation RMSE " + last);
        assertTrue((double) last.get("validation_r2") > 0.3, "validation R² " + last);
        assertTrue((double) last.get("train_rmse") < (double) last.get(DiabetesFunctionApi.METRIC));
    }

    @Test
    void aStoppedTrialResumedFromItsCheckpointContinuesExactlyAsAnUninterruptedOne() throws Exception {
        RecordingSession uninterrupted = new RecordingSession(Files.createDirectory(trialDir.resolve("a")), null, 0);
        DiabetesFunctionApi.train(GOOD, uninterrupted);

        RecordingSession stopped = new RecordingSession(Files.createDirectory(trialDir.resolve("b")), null, 12);
        assertThrows(TrialStoppedSignal.class, () -> DiabetesFunctionApi.train(GOOD, stopped), "the stop signal is not swallowed");
        assertEquals(12, stopped.reports.size());

        RecordingSession resumed = new RecordingSession(Files.createDirectory(trialDir.resolve("c")), stopped.reports.get(11).checkpoint(), 0);
        DiabetesFunctionApi.train(GOOD, resumed);
        assertEquals(18, resumed.reports.size());
        for (int i = 0; i < 18; i++) {
            assertEquals(uninterrupted.reports.get(12 + i).metrics(), resumed.reports.get(i).metrics());
        }
    }

    @Test
    void theBestCheckpointScoresOnTheTestRows() throws Exception {
        RecordingSession session = new RecordingSession(trialDir, null, 10);
        assertThrows(TrialStoppedSignal.class, () -> DiabetesFunctionApi.train(GOOD, session));
        RecordingSession.Report tenth = session.reports.get(9);
        var model = DiabetesFunctionApi.restore(GOOD, tenth.checkpoint().path());
        assertEquals(100, model.trees());
        assertEquals(tenth.metrics().get(DiabetesFunctionApi.METRIC), model.metrics().validation().rmse());
        assertTrue(model.test().r2() > 0.3, "test R² " + model.test());
    }

    @Test
    void aConfigMissingAHyperparameterIsRejectedByName() {
        Config missing = Config.of(Map.of("learning_rate", 0.05, "max_depth", 2, "subsample", 0.8));
        NoSuchElementException e = assertThrows(NoSuchElementException.class,
                () -> DiabetesFunctionApi.train(missing, new RecordingSession(trialDir, null, 0)));
        assertTrue(e.getMessage().contains("'min_samples_leaf'"), e.getMessage());
    }

    @Test
    void theSearchSpaceCoversEveryHyperparameterTheFunctionReads() {
        assertEquals(List.of("learning_rate", "max_depth", "min_samples_leaf", "subsample"),
                List.copyOf(DiabetesFunctionApi.space().domains().keySet()));
    }

    @Test
    void throughTheEngineAshaStopsWeakTrialsAndTheBestEnsembleBeatsTheMeanOnTheTestRows() throws Exception {
        int samples = 10;
        DiabetesFunctionApi.Outcome outcome = DiabetesFunctionApi.run(DiabetesFunctionApi.tuner()
                .numSamples(samples).storagePath(trialDir).progress(false));

        assertEquals(samples, outcome.grid().numTerminated());
        int maxReports = DiabetesFunctionApi.MAX_TREES / DiabetesFunctionApi.TREES_PER_REPORT;
        assertTrue(outcome.grid().trials().stream().anyMatch(t -> t.history().size() < maxReports), "ASHA stops some trials early");
        assertEquals(outcome.best().lastResult().getDouble("trees"), outcome.model().trees(), "the checkpoint holds the last reported ensemble");
        assertEquals(outcome.best().value(), outcome.model().metrics().validation().rmse());
        assertTrue(outcome.model().metrics().validation().r2() > 0.3, "validation R² " + outcome.model().metrics());
        assertTrue(outcome.model().test().r2() > 0.3, "test R² " + outcome.model().test());
    }
}
