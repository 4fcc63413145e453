package io.jtune.engine.output;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.jtune.api.Config;
import io.jtune.api.Result;
import io.jtune.api.TuneException;
import io.jtune.api.spi.TrialView;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Writes each trial's {@code params.json} (its config, pretty-printed with sorted keys, at every
 * start) and {@code result.json} (one JSON object a line, a line a result: every metric and auto
 * field with {@code config} nested), as Ray Tune's {@code JsonLoggerCallback}. NaN and infinities
 * are written bare, as Python's {@code json} does. A resumed trial continues its result.json, which
 * {@link #readResults} reads back.
 */
public final class JsonLoggerCallback extends PerTrialFileCallback<JsonLoggerCallback.ResultFile> {
    /** The config file of a trial. */
    public static final String PARAMS_FILE = "params.json";
    /** The results file of a trial. */
    public static final String RESULT_FILE = "result.json";
    private static final ObjectMapper READER = JsonMapper.builder().enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS).build();
    /** The auto fields the driver fills with a {@code Long}, read back as one (JSON has one kind of whole number). */
    private static final List<String> LONG_FIELDS = List.of(Result.TRAINING_ITERATION, Result.TIMESTAMP, Result.PID, Result.ITERATIONS_SINCE_RESTORE);
    private static final TypeReference<LinkedHashMap<String, Object>> RESULT_TYPE = new TypeReference<>() { };

    public JsonLoggerCallback() {
        this(System::nanoTime);
    }

    JsonLoggerCallback(LongSupplier nanoClock) {
        super(nanoClock, RESULT_FILE, false, false);
    }

    @Override
    public void onTrialStart(TrialView trial) {
        replace(trial.localDir().resolve(PARAMS_FILE), paramsJson(trial.id(), trial.config()));
        file(trial);
    }

    /** The content of the {@code params.json} of trial {@code trialId} with this config. */
    public static byte[] paramsJson(String trialId, Config config) {
        ByteArrayOutputStream params = new ByteArrayOutputStream(256);
        try (JsonGenerator g = JsonValues.FACTORY.createGenerator(params, JsonEncoding.UTF8)) {
            g.setPrettyPrinter(JsonValues.pythonIndent());
            JsonValues.write(g, config, true);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot encode the config of trial " + trialId + ": " + e.getMessage(), e);
        }
        return params.toByteArray();
    }

    /** The config in a trial folder's {@code params.json}; a TuneException names the file when it is not a JSON object. */
    public static Config readParams(Path trialDir) throws IOException {
        Path file = trialDir.resolve(PARAMS_FILE);
        try {
            return Config.of(READER.readValue(file.toFile(), RESULT_TYPE));
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
                values = READER.readValue(bytes, start, end - start, RESULT_TYPE);
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
    protected ResultFile open(Path path, boolean hasRecords, long nowNanos, FileWriterThread writer) throws IOException {
        return new ResultFile(path, nowNanos, writer);
    }

    /** An open result.json. */
    static final class ResultFile extends TrialFile {
        private final JsonGenerator json;

        ResultFile(Path path, long nowNanos, FileWriterThread writer) throws IOException {
            super(path, FLUSH_INTERVAL_NANOS, nowNanos, writer);
            json = JsonValues.FACTORY.createGenerator(sink(), JsonEncoding.UTF8);
        }

        @Override
        void write(Result result, Config trialConfig) {
            try {
                json.writeStartObject();
                for (Map.Entry<String, Object> e : result.asMap().entrySet()) {
                    json.writeFieldName(e.getKey());
                    JsonValues.write(json, e.getValue(), false);
                }
                if (!result.has(Result.CONFIG)) {
                    json.writeFieldName(Result.CONFIG);
                    JsonValues.write(json, trialConfig, false);
                }
                json.writeEndObject();
                json.writeRaw('\n');
            } catch (IOException e) {
                throw failure("write to", e);
            }
        }

        @Override
        protected void encoded() throws IOException {
            json.flush();
        }
    }
}
