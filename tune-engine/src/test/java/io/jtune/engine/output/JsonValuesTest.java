package io.jtune.engine.output;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import io.jtune.api.Config;
import io.jtune.api.Result;
import io.jtune.engine.TestTrialView;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The hand-written JSON encoding writes exactly the bytes Jackson's generator wrote before it (the
 * generator set up as the loggers had it is the oracle here), for result lines and for params.json,
 * over thousands of random values: every number kind, NaN and infinities, escapes, non-ASCII text
 * and surrogate pairs, nested configs, maps, lists and arrays.
 */
class JsonValuesTest {
    private static final JsonFactory JACKSON = new JsonFactoryBuilder()
            .rootValueSeparator((String) null)
            .disable(JsonWriteFeature.WRITE_NAN_AS_STRINGS)
            .enable(StreamWriteFeature.USE_FAST_DOUBLE_WRITER)
            .build();

    @TempDir
    Path experimentDir;

    @Test
    void compactValuesAreByteForByteWhatJacksonWrote() throws IOException {
        SplittableRandom random = new SplittableRandom(14);
        for (int i = 0; i < 3000; i++) {
            Object value = randomValue(random, 3);
            RecordBytes out = new RecordBytes(16);
            JsonValues.write(out, value);
            assertEquals(new String(jackson(value, false), StandardCharsets.UTF_8), new String(out.toByteArray(), StandardCharsets.UTF_8), () -> "for " + value);
        }
    }

    @Test
    void paramsJsonIsByteForByteWhatJacksonWroteWithPythonsIndentAndSortedKeys() throws IOException {
        SplittableRandom random = new SplittableRandom(41);
        for (int i = 0; i < 1000; i++) {
            Map<String, Object> values = new LinkedHashMap<>();
            int n = random.nextInt(6);
            for (int k = 0; k < n; k++) {
                values.put(randomString(random), randomValue(random, 3));
            }
            Config config = Config.of(values);
            assertEquals(new String(jackson(config, true), StandardCharsets.UTF_8), new String(JsonLoggerCallback.paramsJson(config), StandardCharsets.UTF_8));
        }
    }

    @Test
    void resultLinesInTheFileAreByteForByteWhatJacksonWrote() throws IOException {
        SplittableRandom random = new SplittableRandom(7);
        Config config = Config.of(Map.of("lr", 0.01, "layers", List.of(1, 2), "name", "a\"b"));
        TestTrialView trial = new TestTrialView("t1", config, experimentDir);
        JsonLoggerCallback json = new JsonLoggerCallback();
        json.onTrialStart(trial);
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        for (int i = 0; i < 500; i++) {
            LinkedHashMap<String, Object> values = new LinkedHashMap<>();
            values.put(Result.TRAINING_ITERATION, (long) i + 1);
            int n = random.nextInt(8);
            for (int k = 0; k < n; k++) {
                values.put(randomString(random), randomValue(random, 2));
            }
            if (random.nextInt(4) == 0) {
                values.put(Result.CONFIG, Config.of(Map.of("lr", random.nextDouble())));
            }
            Result result = Result.wrap(values);
            json.onTrialResult(trial, result);
            expected.write(jacksonLine(result, config));
        }
        json.onExperimentEnd(List.of(trial));
        assertArrayEquals(expected.toByteArray(), Files.readAllBytes(trial.localDir().resolve(JsonLoggerCallback.RESULT_FILE)));
    }

    @Test
    void textIsEncodedAsJavasUtf8EncoderDoesLoneSurrogatesIncluded() {
        SplittableRandom random = new SplittableRandom(3);
        for (int i = 0; i < 2000; i++) {
            String text = randomString(random) + (random.nextBoolean() ? "\uD800" : "") + randomString(random) + (random.nextBoolean() ? "\uDC00x" : "");
            RecordBytes out = new RecordBytes(1);
            out.appendUtf8(text);
            assertArrayEquals(text.getBytes(StandardCharsets.UTF_8), out.toByteArray(), () -> "for " + text);
        }
    }

    @Test
    void wholeNumbersAreWrittenAsLongToStringWritesThem() {
        SplittableRandom random = new SplittableRandom(5);
        List<Long> values = new ArrayList<>(List.of(0L, -1L, 9L, 10L, 99L, 100L, Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE + 1, 999_999_999_999_999_999L, 1_000_000_000_000_000_000L));
        for (int i = 0; i < 2000; i++) {
            values.add(random.nextLong() >> random.nextInt(64));
        }
        for (long v : values) {
            RecordBytes out = new RecordBytes(1);
            out.appendLong(v);
            assertEquals(Long.toString(v), new String(out.toByteArray(), StandardCharsets.US_ASCII));
        }
    }

    /** What the loggers' Jackson generator wrote for {@code value}, pretty-printed with sorted keys or compact. */
    private static byte[] jackson(Object value, boolean pretty) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator g = JACKSON.createGenerator(out, JsonEncoding.UTF8)) {
            if (pretty) {
                g.setPrettyPrinter(pythonIndent());
            }
            write(g, value, pretty);
        }
        return out.toByteArray();
    }

    /** The result.json line the Jackson-based logger wrote. */
    private static byte[] jacksonLine(Result result, Config trialConfig) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator g = JACKSON.createGenerator(out, JsonEncoding.UTF8)) {
            g.writeStartObject();
            for (Map.Entry<String, Object> e : result.asMap().entrySet()) {
                g.writeFieldName(e.getKey());
                write(g, e.getValue(), false);
            }
            if (!result.has(Result.CONFIG)) {
                g.writeFieldName(Result.CONFIG);
                write(g, trialConfig, false);
            }
            g.writeEndObject();
            g.writeRaw('\n');
        }
        return out.toByteArray();
    }

    private static DefaultPrettyPrinter pythonIndent() {
        DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
        Separators separators = Separators.createDefaultInstance()
                .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                .withObjectEmptySeparator("")
                .withArrayEmptySeparator("");
        return new DefaultPrettyPrinter(separators).withObjectIndenter(indenter).withArrayIndenter(indenter);
    }

    /** The Jackson-based value writer the loggers used before (its type tests reordered; they exclude each other). */
    private static void write(JsonGenerator g, Object v, boolean sortKeys) throws IOException {
        if (v == null) {
            g.writeNull();
        } else if (v instanceof Double d) {
            g.writeNumber(d);
        } else if (v instanceof Config c) {
            g.writeStartObject();
            List<String> keys = new ArrayList<>(c.keys());
            if (sortKeys) {
                keys.sort(null);
            }
            for (String k : keys) {
                g.writeFieldName(k);
                write(g, c.get(k), sortKeys);
            }
            g.writeEndObject();
        } else if (v instanceof Integer || v instanceof Short || v instanceof Byte) {
            g.writeNumber(((Number) v).intValue());
        } else if (v instanceof Map<?, ?> m) {
            g.writeStartObject();
            List<Map.Entry<?, ?>> entries = new ArrayList<>(m.entrySet());
            if (sortKeys) {
                entries.sort((a, b) -> String.valueOf(a.getKey()).compareTo(String.valueOf(b.getKey())));
            }
            for (Map.Entry<?, ?> e : entries) {
                g.writeFieldName(String.valueOf(e.getKey()));
                write(g, e.getValue(), sortKeys);
            }
            g.writeEndObject();
        } else if (v instanceof Long l) {
            g.writeNumber(l);
        } else if (v instanceof Collection<?> c) {
            g.writeStartArray();
            for (Object item : c) {
                write(g, item, sortKeys);
            }
            g.writeEndArray();
        } else if (v instanceof Boolean b) {
            g.writeBoolean(b);
        } else if (v instanceof Object[] a) {
            write(g, List.of(a), sortKeys);
        } else if (v instanceof String text) {
            g.writeString(text);
        } else if (v instanceof double[] a) {
            g.writeArray(a, 0, a.length);
        } else if (v instanceof Float f) {
            g.writeNumber(f);
        } else if (v instanceof int[] a) {
            g.writeArray(a, 0, a.length);
        } else if (v instanceof BigDecimal || v instanceof BigInteger) {
            g.writeNumber(v instanceof BigDecimal d ? d : new BigDecimal((BigInteger) v));
        } else if (v instanceof long[] a) {
            g.writeArray(a, 0, a.length);
        } else {
            writeOther(g, v);
        }
    }

    private static void writeOther(JsonGenerator g, Object v) throws IOException {
        if (v instanceof Number n) {
            g.writeNumber(n.doubleValue());
        } else {
            g.writeString(v.toString());
        }
    }

    private static Object randomValue(SplittableRandom random, int depth) {
        int kind = random.nextInt(depth > 0 ? 22 : 15);
        return switch (kind) {
            case 0 -> null;
            case 1 -> random.nextDouble() * Math.pow(10, random.nextInt(-30, 30));
            case 2 -> Double.longBitsToDouble(random.nextLong());
            case 3 -> List.of(Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -0.0, 0.0, Double.MIN_VALUE, Double.MAX_VALUE, 1e23, 2e-3, 100.0)
                    .get(random.nextInt(10));
            case 4 -> random.nextInt();
            case 5 -> random.nextLong() >> random.nextInt(64);
            case 6 -> random.nextBoolean();
            case 7, 8 -> randomString(random);
            case 9 -> Float.intBitsToFloat(random.nextInt());
            case 10 -> random.nextBoolean() ? (Object) (short) random.nextInt() : (Object) (byte) random.nextInt();
            case 11 -> random.nextBoolean() ? new BigDecimal(random.nextLong()).scaleByPowerOfTen(random.nextInt(-40, 40)) : BigInteger.valueOf(random.nextLong()).shiftLeft(random.nextInt(80));
            case 12 -> new AtomicLong(random.nextLong());
            case 13 -> new StringBuilder(randomString(random));
            case 14 -> (float) random.nextDouble();
            case 15, 16 -> {
                Map<Object, Object> m = new LinkedHashMap<>();
                int n = random.nextInt(4);
                for (int i = 0; i < n; i++) {
                    m.put(random.nextInt(5) == 0 ? (Object) random.nextInt(100) : randomString(random), randomValue(random, depth - 1));
                }
                yield m;
            }
            case 17 -> {
                Map<String, Object> c = new LinkedHashMap<>();
                int n = random.nextInt(4);
                for (int i = 0; i < n; i++) {
                    c.put(randomString(random), randomValue(random, depth - 1));
                }
                yield Config.of(c);
            }
            case 18 -> {
                List<Object> l = new ArrayList<>();
                int n = random.nextInt(4);
                for (int i = 0; i < n; i++) {
                    l.add(randomValue(random, depth - 1));
                }
                yield random.nextBoolean() ? l : new LinkedHashSet<>(l);
            }
            case 19 -> random.doubles(random.nextInt(4)).toArray();
            case 20 -> random.nextBoolean() ? random.ints(random.nextInt(4)).toArray() : (Object) random.longs(random.nextInt(4)).toArray();
            default -> new Object[] {randomString(random), random.nextInt()}; // the Jackson-based writer failed on a null element
        };
    }

    /** Text from a mix of ASCII, control characters, quotes, backslashes, other scripts and surrogate pairs. */
    private static String randomString(SplittableRandom random) {
        String[] pieces = {"a", "Z", "lr", " ", "\"", "\\", "/", "\n", "\r", "\t", "\b", "\f", "\u0000", "\u001f", "\u007f", "é", "ß", "€", "日本", "\uD83D\uDE00", "\u2028", ",", "'"};
        StringBuilder s = new StringBuilder();
        int n = random.nextInt(6);
        for (int i = 0; i < n; i++) {
            s.append(pieces[random.nextInt(pieces.length)]);
        }
        return s.toString();
    }
}
