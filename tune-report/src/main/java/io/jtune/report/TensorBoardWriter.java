package io.jtune.report;

import com.google.protobuf.ByteString;
import com.google.protobuf.Value;
import io.jtune.api.Config;
import io.jtune.api.Result;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.tensorflow.framework.Summary;
import org.tensorflow.framework.SummaryMetadata;
import org.tensorflow.util.Event;
import tensorboard.hparams.Api.DataType;
import tensorboard.hparams.Api.Experiment;
import tensorboard.hparams.Api.HParamInfo;
import tensorboard.hparams.Api.MetricInfo;
import tensorboard.hparams.Api.MetricName;
import tensorboard.hparams.Api.Status;
import tensorboard.hparams.PluginData.HParamsPluginData;
import tensorboard.hparams.PluginData.SessionEndInfo;
import tensorboard.hparams.PluginData.SessionStartInfo;

/**
 * Builds and writes the TensorBoard events of an experiment for {@link TensorBoardCallback}, on its
 * writer thread only (not thread-safe): per trial run a new events file with the HParams session
 * start, a scalar event per result and the session end; at the end the HParams experiment summary.
 * Files are flushed at most every second while written, and when closed.
 */
final class TensorBoardWriter {
    static final String FILE_PREFIX = "events.out.tfevents.";
    private static final String PLUGIN = "hparams";
    private static final long FLUSH_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final String host;
    private final Map<String, TrialFile> open = new HashMap<>();
    private final Map<String, DataType> params = new TreeMap<>();
    private final TreeSet<String> metrics = new TreeSet<>();
    private int files;

    /** One open events file and when it was last flushed. */
    private static final class TrialFile {
        final EventFileWriter writer;
        long flushedAt;

        TrialFile(EventFileWriter writer, long now) {
            this.writer = writer;
            this.flushedAt = now;
        }
    }

    TensorBoardWriter() {
        String name;
        try {
            name = InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            name = "localhost";
        }
        host = name;
    }

    /** A run of the trial starts: a new events file in {@code dir} with its config as the HParams session. */
    void start(String trialId, Path dir, Config config, double wallTime) {
        close(trialId);
        TrialFile file = new TrialFile(newFile(dir, wallTime), System.nanoTime());
        open.put(trialId, file);
        SessionStartInfo.Builder start = SessionStartInfo.newBuilder().setGroupName(trialId).setStartTimeSecs(wallTime);
        config.flatten().forEach((k, v) -> {
            Value value = value(v);
            if (value != null) {
                start.putHparams(k, value);
                params.putIfAbsent(k, typeOf(value));
            }
        });
        write(file, trialId, hparamsEvent("_hparams_/session_start_info", HParamsPluginData.newBuilder().setSessionStartInfo(start).build(), 0, wallTime));
    }

    /** A scalar for every numeric value of the result, at its {@code training_iteration}. */
    void result(String trialId, Result result, double wallTime) {
        TrialFile file = open.get(trialId);
        if (file == null) {
            return;
        }
        Summary.Builder summary = Summary.newBuilder();
        for (Map.Entry<String, Object> e : result.asMap().entrySet()) {
            if (!e.getKey().equals(Result.CONFIG)) {
                addScalars(summary, e.getKey(), e.getValue());
            }
        }
        write(file, trialId, Event.newBuilder().setWallTime(wallTime).setStep(result.trainingIteration()).setSummary(summary).build());
        long nowNanos = System.nanoTime();
        if (nowNanos - file.flushedAt > FLUSH_NANOS) {
            try {
                file.writer.flush();
            } catch (IOException e) {
                throw failure("write", trialId, e);
            }
            file.flushedAt = nowNanos;
        }
    }

    private void addScalars(Summary.Builder summary, String tag, Object value) {
        if (value instanceof Number n) {
            summary.addValue(Summary.Value.newBuilder().setTag(tag).setSimpleValue(n.floatValue()));
            metrics.add(tag);
        } else if (value instanceof Boolean b) {
            summary.addValue(Summary.Value.newBuilder().setTag(tag).setSimpleValue(b ? 1 : 0));
            metrics.add(tag);
        } else if (value instanceof Map<?, ?> nested) {
            nested.forEach((k, v) -> addScalars(summary, tag + "/" + k, v));
        }
    }

    /** The run ends with {@code status} at {@code step}: the HParams session end, and the file is closed. */
    void end(String trialId, Status status, long step, double wallTime) {
        TrialFile file = open.get(trialId);
        if (file == null) {
            return;
        }
        SessionEndInfo end = SessionEndInfo.newBuilder().setStatus(status).setEndTimeSecs(wallTime).build();
        write(file, trialId, hparamsEvent("_hparams_/session_end_info", HParamsPluginData.newBuilder().setSessionEndInfo(end).build(), step, wallTime));
        close(trialId);
    }

    /** Closes every file and writes the HParams summary (every parameter and metric) into the experiment folder. */
    void finish(String experiment, Path dir, double wallTime) {
        for (String id : List.copyOf(open.keySet())) {
            close(id);
        }
        Experiment.Builder summary = Experiment.newBuilder().setName(experiment).setTimeCreatedSecs(wallTime);
        params.forEach((name, type) -> summary.addHparamInfos(HParamInfo.newBuilder().setName(name).setType(type)));
        metrics.forEach(tag -> summary.addMetricInfos(MetricInfo.newBuilder().setName(MetricName.newBuilder().setTag(tag))));
        try (EventFileWriter writer = newFile(dir, wallTime)) {
            writer.write(hparamsEvent("_hparams_/experiment", HParamsPluginData.newBuilder().setExperiment(summary).build(), 0, wallTime));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the TensorBoard HParams summary of experiment " + experiment + " in " + dir + ": " + e.getMessage(), e);
        }
    }

    private static Event hparamsEvent(String tag, HParamsPluginData data, long step, double wallTime) {
        SummaryMetadata metadata = SummaryMetadata.newBuilder()
                .setPluginData(SummaryMetadata.PluginData.newBuilder().setPluginName(PLUGIN).setContent(ByteString.copyFrom(data.toByteArray())))
                .build();
        Summary summary = Summary.newBuilder().addValue(Summary.Value.newBuilder().setTag(tag).setMetadata(metadata)
                .setTensor(org.tensorflow.framework.TensorProto.newBuilder().setDtype(org.tensorflow.framework.DataType.DT_FLOAT)
                        .setTensorShape(org.tensorflow.framework.TensorShapeProto.getDefaultInstance()).addFloatVal(0))).build();
        return Event.newBuilder().setWallTime(wallTime).setStep(step).setSummary(summary).build();
    }

    private static Value value(Object v) {
        if (v instanceof Number n) {
            return Value.newBuilder().setNumberValue(n.doubleValue()).build();
        }
        if (v instanceof Boolean b) {
            return Value.newBuilder().setBoolValue(b).build();
        }
        if (v instanceof String s) {
            return Value.newBuilder().setStringValue(s).build();
        }
        if (v instanceof List<?> list) {
            return Value.newBuilder().setStringValue(list.toString()).build();
        }
        return v == null ? null : Value.newBuilder().setStringValue(String.valueOf(v)).build();
    }

    private static DataType typeOf(Value value) {
        return switch (value.getKindCase()) {
            case NUMBER_VALUE -> DataType.DATA_TYPE_FLOAT64;
            case BOOL_VALUE -> DataType.DATA_TYPE_BOOL;
            default -> DataType.DATA_TYPE_STRING;
        };
    }

    /** A new events file in {@code dir}; the counter goes past names a former run of the experiment used in the same second. */
    private EventFileWriter newFile(Path dir, double wallTime) {
        String stem = FILE_PREFIX + (long) wallTime + "." + host + ".";
        try {
            Files.createDirectories(dir);
            while (true) {
                try {
                    return new EventFileWriter(dir.resolve(stem + (++files)), wallTime);
                } catch (FileAlreadyExistsException taken) {
                    // an earlier run of this experiment wrote this name in the same second
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a TensorBoard event file " + stem + files + " in " + dir + ": " + e.getMessage(), e);
        }
    }

    private static void write(TrialFile file, String trialId, Event event) {
        try {
            file.writer.write(event);
        } catch (IOException e) {
            throw failure("write", trialId, e);
        }
    }

    private void close(String trialId) {
        TrialFile file = open.remove(trialId);
        if (file != null) {
            try {
                file.writer.close();
            } catch (IOException e) {
                throw failure("close", trialId, e);
            }
        }
    }

    private static UncheckedIOException failure(String what, String trialId, IOException e) {
        return new UncheckedIOException("cannot " + what + " the TensorBoard events of trial " + trialId + ": " + e.getMessage(), e);
    }
}
