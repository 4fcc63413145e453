package io.jtune.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Result;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.TrialOutcome;
import io.jtune.api.TrialStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.framework.Summary;
import org.tensorflow.util.Event;
import tensorboard.hparams.Api.Status;
import tensorboard.hparams.PluginData.HParamsPluginData;

class TensorBoardFilesTest {
    @TempDir
    Path storage;

    @Test
    void everyTrialHasItsScalarsAndHParamsSessionAndTheExperimentItsHParamsSummary() throws IOException {
        ResultGrid grid = SampleExperiments.run(storage, "mlp", 4);
        for (TrialOutcome trial : grid.trials()) {
            List<Path> files = TfRecordReader.eventFiles(trial.dir());
            assertEquals(1, files.size(), "one event file in " + trial.dir());
            List<Event> events = TfRecordReader.read(files.get(0));
            assertEquals("brain.Event:2", events.get(0).getFileVersion());

            HParamsPluginData start = hparams(events.get(1), "_hparams_/session_start_info");
            assertEquals(trial.config().getDouble("lr"), start.getSessionStartInfo().getHparamsOrThrow("lr").getNumberValue());
            assertEquals(trial.config().getInt("units"), start.getSessionStartInfo().getHparamsOrThrow("units").getNumberValue());
            assertEquals(trial.config().get("fail"), start.getSessionStartInfo().getHparamsOrThrow("fail").getBoolValue());

            List<Event> scalars = events.subList(2, events.size() - 1);
            assertEquals(trial.history().size(), scalars.size(), "an event per result of " + trial.id());
            for (int i = 0; i < scalars.size(); i++) {
                Result result = trial.history().get(i);
                Map<String, Float> values = scalarValues(scalars.get(i));
                assertEquals(result.trainingIteration(), scalars.get(i).getStep());
                assertEquals((float) result.getDouble("loss"), values.get("loss"));
                assertEquals((float) result.getDouble("accuracy"), values.get("accuracy"));
                assertEquals((float) result.trainingIteration(), values.get("training_iteration"));
            }
            HParamsPluginData end = hparams(events.get(events.size() - 1), "_hparams_/session_end_info");
            assertEquals(trial.status() == TrialStatus.ERROR ? Status.STATUS_FAILURE : Status.STATUS_SUCCESS, end.getSessionEndInfo().getStatus());
        }
        List<Path> experimentFiles = TfRecordReader.eventFiles(grid.experimentDir());
        assertEquals(1, experimentFiles.size());
        List<Event> events = TfRecordReader.read(experimentFiles.get(0));
        HParamsPluginData experiment = hparams(events.get(1), "_hparams_/experiment");
        Set<String> names = new TreeSet<>();
        experiment.getExperiment().getHparamInfosList().forEach(h -> names.add(h.getName()));
        assertEquals(Set.of("fail", "lr", "units"), names);
        assertTrue(experiment.getExperiment().getMetricInfosList().stream().anyMatch(m -> m.getName().getTag().equals("loss")));
    }

    @Test
    void theIndependentReaderRejectsACorruptedFile() throws IOException {
        ResultGrid grid = SampleExperiments.run(storage, "mlp", 1);
        Path file = TfRecordReader.eventFiles(grid.get(0).dir()).get(0);
        byte[] bytes = Files.readAllBytes(file);
        Path corrupted = storage.resolve("corrupted");
        Files.write(corrupted, TfRecordReader.flipByte(bytes, bytes.length - 10));
        IOException e = assertThrows(IOException.class, () -> TfRecordReader.read(corrupted));
        assertTrue(e.getMessage().contains("checksum"), e.getMessage());
        assertEquals(0xE3069283, TfRecordReader.crc32c("123456789".getBytes(java.nio.charset.StandardCharsets.US_ASCII)),
                "the reader's CRC-32C gives the standard check value");
    }

    private static HParamsPluginData hparams(Event event, String tag) throws IOException {
        Summary.Value value = event.getSummary().getValue(0);
        assertEquals(tag, value.getTag());
        assertEquals("hparams", value.getMetadata().getPluginData().getPluginName());
        return HParamsPluginData.parseFrom(value.getMetadata().getPluginData().getContent());
    }

    private static Map<String, Float> scalarValues(Event event) {
        Map<String, Float> values = new java.util.HashMap<>();
        event.getSummary().getValueList().forEach(v -> values.put(v.getTag(), v.getSimpleValue()));
        return values;
    }
}
