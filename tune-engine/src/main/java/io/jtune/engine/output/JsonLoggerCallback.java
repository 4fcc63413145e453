package io.jtune.engine.output;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.jtune.api.Config;
import io.jtune.api.Result;
import io.jtune.api.TuneException;
import io.jtune.api.spi.TrialView;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.LongSupplier;

/**
 * Writes each trial's {@code params.json} (its config, pretty-printed with sorted keys, at every
 * start) and {@code result.json} (one JSON object a line, a line a result: every metric and auto
 * field with {@code config} nested), as Ray Tune's {@code JsonLoggerCallback}. NaN and infinities
 * are written bare, as Python's {@code json} does. A resumed trial continues its result.json, which
 * {@link #readResults} reads back. A trial's params.json is written before its results, by the same
 * writer thread; a new one in place (a kill can cut it short: {@link #isParamsOf}), a replaced one
 * through a rename. Up to two writer threads share the trials, as each trial's start creates two files.
 */
public final class JsonLoggerCallback extends PerTrialFileCallback<TrialFile> {
    /** The config file of a trial. */
    public static final String PARAMS_FILE = "params.json";
    /** The results file of a trial. */
    public static final String RESULT_FILE = "result.json";
    /** The auto fields the driver fills with a {@code Long}, read back as one (JSON has one kind of whole number). */
    private static final List<String> LONG_FIELDS = List.of(Result.TRAINING_ITERATION, Result.TIMESTAMP, Result.PID, Result.ITERATIONS_SINCE_RESTORE);

    private final FieldWriter fields = new FieldWriter();

    /** Jackson's reader of result.json, made on the first read (a resume): a run that only writes never builds it. */
    private static final class Reader {
        static final ObjectMapper MAPPER = JsonMapper.builder().enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS).build();
        static final TypeReference<LinkedHashMap<String, Object>> RESULT_TYPE = new TypeReference<>() { };

        private Reader() {
        }
    }

    public JsonLoggerCallback() {
        this(System::nanoTime);
    }

    JsonLoggerCallback(LongSupplier nanoClock) {
        super(nanoClock, RESULT_FILE, false, false, 2);
    }

    @Override
    public void onTrialStart(TrialView trial) {
        replace(trial, trial.localDir().resolve(PARAMS_FILE), paramsJson(trial.config()));
    }

    /** The content of the {@code params.json} of a trial with this config. */
    public static byte[] paramsJson(Config config) {
        RecordBytes params = new RecordBytes(256);
        JsonValues.writePretty(params, config);
        return params.toByteArray();
    }

    /**
     * Whether the {@code params.json} bytes {@code onDisk} are those of {@code config}, or their
     * beginning: a new trial's params.json is written in place, so a kill can leave it empty or cut
     * short, and then no result of the trial is written yet.
     */
    public static boolean isParamsOf(byte[] onDisk, Config config) {
        byte[] whole = paramsJson(config);
        return onDisk.length <= whole.length && Arrays.equals(onDisk, 0, onDisk.length, whole, 0, onDisk.length);
    }

    /** Makes the {@code params.json} of the trial folder {@code trialDir} hold {@code config} (replaced through a rename when it exists). */
    public static void writeParams(Path trialDir, Config config) throws IOException {
        FileWriterThread.writeWhole(trialDir.resolve(PARAMS_FILE), paramsJson(config));
    }

    /** The config in a trial folder's {@code params.json}; a TuneException names the file when it is not a JSON object. */
    public static Config readParams(Path trialDir) throws IOException {
        Path file = trialDir.resolve(PARAMS_FILE);
        try {
            return Config.of(Reader.MAPPER.readValue(file.toFile(), Reader.RESULT_TYPE));
        } catch (JacksonException e) {
            throw new TuneException(file + " is not a trial's config (" + e.getOriginalMessage() + "); repair or remove it", e);
        }
    }

    /**
     * The results in a trial folder's result.json, in order, with {@code config} as a {@link Config} and the whole-number auto fields as {@code Long};
     * a partly written last line is left out, a missing file holds none.
     *
     * @throws TuneException naming the file and line when a complete line is not a JSON object
     */
    public static List<Result> readResults(Path trialDir) {
        Path file = trialDir.resolve(RESULT_FILE);
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
        List<Result> results = new ArrayList<>();
        for (int start = 0, end = indexOfNewline(bytes, 0); end >= 0; start = end + 1, end = indexOfNewline(bytes, start)) {
            LinkedHashMap<String, Object> values;
            try {
                values = Reader.MAPPER.readValue(bytes, start, end - start, Reader.RESULT_TYPE);
            } catch (IOException e) {
                throw new TuneException("line " + (results.size() + 1) + " of " + file + " is not a result (" + e.getMessage()
                        + "); a result.json holds one JSON object a line: repair or remove that line", e);
            }
            for (String key : LONG_FIELDS) {
                if (values.get(key) instanceof Integer i) {
                    values.put(key, i.longValue());
                }
            }
            if (values.get(Result.CONFIG) instanceof Map<?, ?> config) {
                @SuppressWarnings("unchecked")
                Map<String, ?> typed = (Map<String, ?>) config;
                values.put(Result.CONFIG, Config.of(typed));
            }
            results.add(Result.wrap(values));
        }
        return results;
    }

    /** The results of the trial in its folder {@code trialDir}, after handing what is buffered for it to the operating system. */
    public List<Result> readResults(String trialId, Path trialDir) {
        flush(trialId);
        return readResults(trialDir);
    }

    private static int indexOfNewline(byte[] bytes, int from) {
        for (int i = from; i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    @Override
    protected TrialFile open(Path path, String trialId, boolean hasRecords, long nowNanos, FileWriterThread writer) {
        return new TrialFile(path, trialId, FLUSH_INTERVAL_NANOS, nowNanos, writer);
    }

    @Override
    protected void encode(TrialFile file, Result result, Config trialConfig, RecordBytes out) {
        out.append('{');
        fields.start(out);
        result.asMap().forEach(fields);
        if (!result.has(Result.CONFIG)) {
            fields.accept(Result.CONFIG, trialConfig);
        }
        out.append('}');
        out.append('\n');
    }

    /** Appends the fields of one record, the keys from {@link EncodedStrings}. */
    private static final class FieldWriter implements BiConsumer<String, Object> {
        private final EncodedStrings keys = new EncodedStrings(JsonValues::writeString);
        private RecordBytes out;
        private boolean first;

        void start(RecordBytes record) {
            out = record;
            first = true;
        }

        @Override
        public void accept(String key, Object value) {
            if (!first) {
                out.append(',');
            }
            first = false;
            keys.append(out, key);
            out.append(':');
            JsonValues.write(out, value);
        }
    }
}
