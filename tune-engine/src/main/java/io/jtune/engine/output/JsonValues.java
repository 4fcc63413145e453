package io.jtune.engine.output;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import io.jtune.api.Config;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Writes result and config values as JSON the way Python's {@code json} module does for Ray Tune:
 * NaN and infinities bare ({@code NaN}, {@code Infinity}, {@code -Infinity}, which Python and pandas
 * read back as floats), nested configs and maps as objects, anything else as its string (Ray's
 * fallback encoder). No reflection: values are dispatched by type.
 */
final class JsonValues {
    /** Streaming JSON with bare non-finite numbers and no separator between root values. */
    static final JsonFactory FACTORY = new JsonFactoryBuilder()
            .rootValueSeparator((String) null)
            .disable(JsonWriteFeature.WRITE_NAN_AS_STRINGS)
            .enable(StreamWriteFeature.USE_FAST_DOUBLE_WRITER)
            .build();

    private JsonValues() {
    }

    /** Python's {@code json.dump(indent=2)} layout: two-space indents, {@code "key": value}. */
    static DefaultPrettyPrinter pythonIndent() {
        DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
        Separators separators = Separators.createDefaultInstance()
                .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                .withObjectEmptySeparator("")
                .withArrayEmptySeparator("");
        return new DefaultPrettyPrinter(separators).withObjectIndenter(indenter).withArrayIndenter(indenter);
    }

    /** Writes one value; {@code sortKeys} orders object keys as Python's {@code sort_keys=True}. */
    static void write(JsonGenerator g, Object v, boolean sortKeys) throws IOException {
        if (v == null) {
            g.writeNull();
        } else if (v instanceof Double d) {
            g.writeNumber(d);
        } else if (v instanceof Integer i) {
            g.writeNumber(i);
        } else if (v instanceof Long l) {
            g.writeNumber(l);
        } else if (v instanceof Boolean b) {
            g.writeBoolean(b);
        } else if (v instanceof String s) {
            g.writeString(s);
        } else if (v instanceof Float f) {
            g.writeNumber(f);
        } else if (v instanceof Short || v instanceof Byte) {
            g.writeNumber(((Number) v).intValue());
        } else if (v instanceof BigDecimal b) {
            g.writeNumber(b);
        } else if (v instanceof BigInteger b) {
            g.writeNumber(b);
        } else if (v instanceof Number n) {
            g.writeNumber(n.doubleValue());
        } else if (v instanceof Config c) {
            writeConfig(g, c, sortKeys);
        } else if (v instanceof Map<?, ?> m) {
            writeMap(g, m, sortKeys);
        } else if (v instanceof Collection<?> c) {
            g.writeStartArray();
            for (Object item : c) {
                write(g, item, sortKeys);
            }
            g.writeEndArray();
        } else if (v instanceof double[] a) {
            g.writeArray(a, 0, a.length);
        } else if (v instanceof int[] a) {
            g.writeArray(a, 0, a.length);
        } else if (v instanceof long[] a) {
            g.writeArray(a, 0, a.length);
        } else if (v instanceof Object[] a) {
            write(g, List.of(a), sortKeys);
        } else {
            g.writeString(v.toString());
        }
    }

    private static void writeConfig(JsonGenerator g, Config c, boolean sortKeys) throws IOException {
        g.writeStartObject();
        Collection<String> keys = c.keys();
        if (sortKeys) {
            List<String> sorted = new ArrayList<>(keys);
            sorted.sort(null);
            keys = sorted;
        }
        for (String k : keys) {
            g.writeFieldName(k);
            write(g, c.get(k), sortKeys);
        }
        g.writeEndObject();
    }

    private static void writeMap(JsonGenerator g, Map<?, ?> m, boolean sortKeys) throws IOException {
        g.writeStartObject();
        Collection<? extends Map.Entry<?, ?>> entries = m.entrySet();
        if (sortKeys) {
            List<Map.Entry<?, ?>> sorted = new ArrayList<>(entries);
            sorted.sort((a, b) -> String.valueOf(a.getKey()).compareTo(String.valueOf(b.getKey())));
            entries = sorted;
        }
        for (Map.Entry<?, ?> e : entries) {
            g.writeFieldName(String.valueOf(e.getKey()));
            write(g, e.getValue(), sortKeys);
        }
        g.writeEndObject();
    }
}
