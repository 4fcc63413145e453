package io.jtune.report;

import com.google.protobuf.ByteString;
import com.google.protobuf.ListValue;
import com.google.protobuf.Value;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.api.spi.TrialView;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
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
 * Writes TensorBoard event files, as Ray Tune's TensorBoard logger: in each trial folder, a scalar
 * for every numeric value of every result (nested keys joined with '/', step = the
 * {@code training_iteration}) and the HParams plugin's session start (the config's values) and end
 * (its status); in the experiment folder, the HParams experiment summary (every parameter with its
 * type and every metric). Each run of a trial starts a new file
 * ({@code events.out.tfevents.<seconds>.<host>.<n>}, never replacing one; TensorBoard reads them together). Files are
 * buffered and flushed at most every second, when a trial ends and at the end. Found on the class
 * path like {@link ReportCallback}; {@code -Djtune.tensorboard=false} turns it off.
 */
public final class TensorBoardCallback implements Callback {
    /** The system property that turns the TensorBoard files off ({@code false}). */
    public static final String ENABLED_PROPERTY = "jtune.tensorboard";
    static final String FILE_PREFIX = "events.out.tfevents.";
    private static final String PLUGIN = "hparams";
    private static final long FLUSH_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final boolean enabled;
    private final Map<String, TrialFile> open = new HashMap<>();
    private final Map<String, DataType> params = new TreeMap<>();
    private final TreeSet<String> metrics = new TreeSet<>();
    private ExperimentInfo experiment;
    private String host;
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

    /** The callback ServiceLoader makes: enabled unless {@code -Djtune.tensorboard=false}. */
    public TensorBoardCallback() {
        this.enabled = !"false".equalsIgnoreCase(System.getProperty(ENABLED_PROPERTY, "true"));
    }

    @Override
    public void setup(ExperimentInfo info) {
        experiment = info;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            host = "localhost";
        }
    }

    @Override
    public void onTrialStart(TrialView trial) {
        if (!enabled) {
            return;
        }
        close(trial.id());
        TrialFile file = new TrialFile(newFile(trial.localDir()), System.nanoTime());
        open.put(trial.id(), file);
        SessionStartInfo.Builder start = SessionStartInfo.newBuilder().setGroupName(trial.id()).setStartTimeSecs(now());
        trial.config().flatten().forEach((k, v) -> {
            Value value = value(v);
            if (value != null) {
                start.putHparams(k, value);
                params.putIfAbsent(k, typeOf(value));
            }
        });
        write(file, trial, hparamsEvent("_hparams_/session_start_info", HParamsPluginData.newBuilder().setSessionStartInfo(start).build(), 0));
    }

    @Override
    public void onTrialResult(TrialView trial, Result result) {
        TrialFile file = enabled ? open.get(trial.id()) : null;
        if (file == null) {
            return;
        }
        Summary.Builder summary = Summary.newBuilder();
        for (Map.Entry<String, Object> e : result.asMap().entrySet()) {
            if (!e.getKey().equals(Result.CONFIG)) {
                addScalars(summary, e.getKey(), e.getValue());
            }
        }
        write(file, trial, Event.newBuilder().setWallTime(now()).setStep(result.trainingIteration()).setSummary(summary).build());
        long nowNanos = System.nanoTime();
        if (nowNanos - file.flushedAt > FLUSH_NANOS) {
            flush(file, trial);
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

    @Override
    public void onTrialComplete(TrialView trial) {
        end(trial, Status.STATUS_SUCCESS);
    }

    @Override
    public void onTrialError(TrialView trial, Throwable error) {
        end(trial, Status.STATUS_FAILURE);
    }

    private void end(TrialView trial, Status status) {
        TrialFile file = enabled ? open.get(trial.id()) : null;
        if (file == null) {
            return;
        }
        SessionEndInfo end = SessionEndInfo.newBuilder().setStatus(status).setEndTimeSecs(now()).build();
        long step = trial.lastResult() == null ? 0 : trial.lastResult().trainingIteration();
        write(file, trial, hparamsEvent("_hparams_/session_end_info", HParamsPluginData.newBuilder().setSessionEndInfo(end).build(), step));
        close(trial.id());
    }

    @Override
    public void onExperimentEnd(List<? extends TrialView> trials) {
        if (!enabled || experiment == null) {
            return;
        }
        for (String id : List.copyOf(open.keySet())) {
            close(id);
        }
        Experiment.Builder summary = Experiment.newBuilder().setName(experiment.name()).setTimeCreatedSecs(now());
        params.forEach((name, type) -> summary.addHparamInfos(HParamInfo.newBuilder().setName(name).setType(type)));
        metrics.forEach(tag -> summary.addMetricInfos(MetricInfo.newBuilder().setName(MetricName.newBuilder().setTag(tag))));
        try (EventFileWriter writer = newFile(experiment.dir())) {
            writer.write(hparamsEvent("_hparams_/experiment", HParamsPluginData.newBuilder().setExperiment(summary).build(), 0));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the TensorBoard HParams summary of experiment " + experiment.name() + " in " + experiment.dir() + ": " + e.getMessage(), e);
        }
    }

    private static Event hparamsEvent(String tag, HParamsPluginData data, long step) {
        SummaryMetadata metadata = SummaryMetadata.newBuilder()
                .setPluginData(SummaryMetadata.PluginData.newBuilder().setPluginName(PLUGIN).setContent(ByteString.copyFrom(data.toByteArray())))
                .build();
        Summary summary = Summary.newBuilder().addValue(Summary.Value.newBuilder().setTag(tag).setMetadata(metadata)
                .setTensor(org.tensorflow.framework.TensorProto.newBuilder().setDtype(org.tensorflow.framework.DataType.DT_FLOAT)
                        .setTensorShape(org.tensorflow.framework.TensorShapeProto.getDefaultInstance()).addFloatVal(0))).build();
        return Event.newBuilder().setWallTime(now()).setStep(step).setSummary(summary).build();
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
    private EventFileWriter newFile(Path dir) {
        String stem = FILE_PREFIX + (System.currentTimeMillis() / 1000) + "." + host + ".";
        try {
            Files.createDirectories(dir);
            while (true) {
                try {
                    return new EventFileWriter(dir.resolve(stem + (++files)), now());
                } catch (FileAlreadyExistsException taken) {
                    // an earlier run of this experiment wrote this name in the same second
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a TensorBoard event file " + stem + files + " in " + dir + ": " + e.getMessage(), e);
        }
    }

    private static void write(TrialFile file, TrialView trial, Event event) {
        try {
            file.writer.write(event);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the TensorBoard events of trial " + trial.id() + ": " + e.getMessage(), e);
        }
    }

    private static void flush(TrialFile file, TrialView trial) {
        try {
            file.writer.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the TensorBoard events of trial " + trial.id() + ": " + e.getMessage(), e);
        }
    }

    private void close(String trialId) {
        TrialFile file = open.remove(trialId);
        if (file != null) {
            try {
                file.writer.close();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot close the TensorBoard events of trial " + trialId + ": " + e.getMessage(), e);
            }
        }
    }

    private static double now() {
        return System.currentTimeMillis() / 1000.0;
    }
}
