package io.jtune.engine.output;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonGenerator;
import io.jtune.api.Config;
import io.jtune.api.Result;
import io.jtune.api.spi.TrialView;
import java.io.IOException;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Writes each trial's {@code params.json} (its config, pretty-printed with sorted keys, at every
 * start) and {@code result.json} (one JSON object a line, a line a result: every metric and auto
 * field with {@code config} nested), as Ray Tune's {@code JsonLoggerCallback}. NaN and infinities
 * are written bare, as Python's {@code json} does. A resumed trial appends to its result.json.
 */
public final class JsonLoggerCallback extends PerTrialFileCallback<JsonLoggerCallback.ResultFile> {
    /** The config file of a trial. */
    public static final String PARAMS_FILE = "params.json";
    /** The results file of a trial. */
    public static final String RESULT_FILE = "result.json";

    public JsonLoggerCallback() {
        this(System::nanoTime);
    }

    JsonLoggerCallback(LongSupplier nanoClock) {
        super(nanoClock);
    }

    @Override
    public void onTrialStart(TrialView trial) {
        Path params = trial.localDir().resolve(PARAMS_FILE);
        try {
            OutputStream out = TrialFile.openInTrialDir(params, () -> Files.newOutputStream(params));
            try (JsonGenerator g = JsonValues.FACTORY.createGenerator(out, JsonEncoding.UTF8)) {
                g.setPrettyPrinter(JsonValues.pythonIndent());
                JsonValues.write(g, trial.config(), true);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + params + ": " + e.getMessage(), e);
        }
        file(trial);
    }

    @Override
    protected ResultFile open(TrialView trial, Path dir, long nowNanos) throws IOException {
        return new ResultFile(dir.resolve(RESULT_FILE), nowNanos);
    }

    /** An open result.json. */
    static final class ResultFile extends TrialFile {
        private final JsonGenerator json;

        ResultFile(Path path, long nowNanos) throws IOException {
            super(path, FLUSH_INTERVAL_NANOS, nowNanos);
            FileChannel channel = openForAppending(path);
            boolean needsNewline;
            try {
                needsNewline = channel.size() > 0 && endsWithoutNewline(path);
            } catch (IOException e) {
                channel.close();
                throw e;
            }
            json = JsonValues.FACTORY.createGenerator(Channels.newOutputStream(channel), JsonEncoding.UTF8);
            if (needsNewline) {
                json.writeRaw('\n');
            }
        }

        /** True when a resumed file's last line is unfinished (a crash mid-write), so the next line starts fresh. */
        private static boolean endsWithoutNewline(Path path) throws IOException {
            try (RandomAccessFile f = new RandomAccessFile(path.toFile(), "r")) {
                f.seek(f.length() - 1);
                return f.read() != '\n';
            }
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
        protected void flushNow() throws IOException {
            json.flush();
        }

        @Override
        protected void closeNow() throws IOException {
            json.close();
        }
    }
}
