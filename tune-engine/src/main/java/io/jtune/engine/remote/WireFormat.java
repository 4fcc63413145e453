package io.jtune.engine.remote;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.jtune.api.Config;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON form of {@link Command}s and {@link Event}s: one object a message, written on one line
 * (a stream transport separates messages by {@code '\n'}), its kind in {@code "type"}. Numbers keep
 * their JSON type (integers read back as {@code Integer}, {@code Long} or {@code BigInteger},
 * decimals as {@code Double}); NaN and infinities are written bare, as in {@code result.json}.
 */
public final class WireFormat {
    /** Sent in {@link Event.Ready}; a driver refuses a worker of another version. */
    public static final int PROTOCOL_VERSION = 2;

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .disable(JsonWriteFeature.WRITE_NAN_AS_STRINGS)
            .build();

    private WireFormat() {
    }

    /** A mapper configured as this format (a copy: configure it freely), e.g. for a transport's own serializer. */
    public static ObjectMapper mapper() {
        return MAPPER.copy();
    }

    /** The message as one line of JSON, without the line end. */
    public static String write(Command command) {
        return writeLine(command);
    }

    /** The message as one line of JSON, without the line end. */
    public static String write(Event event) {
        return writeLine(event);
    }

    private static String writeLine(Object message) {
        try {
            return MAPPER.writeValueAsString(message);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("cannot write " + message.getClass().getSimpleName() + " as JSON: " + e.getOriginalMessage(), e);
        }
    }

    /** @throws IllegalArgumentException when the line is not a command */
    public static Command readCommand(String line) {
        return read(line, Command.class);
    }

    /** @throws IllegalArgumentException when the line is not an event */
    public static Event readEvent(String line) {
        return read(line, Event.class);
    }

    private static <T> T read(String line, Class<T> type) {
        try {
            return MAPPER.readValue(line, type);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not a jtune " + type.getSimpleName().toLowerCase(java.util.Locale.ROOT) + " message: "
                    + e.getOriginalMessage() + " in: " + abbreviate(line), e);
        }
    }

    private static String abbreviate(String line) {
        return line.length() <= 200 ? line : line.substring(0, 200) + "...";
    }

    /**
     * A trainable's metrics as plain JSON values: numbers, booleans, strings and null stay, maps and
     * configs become maps, collections and arrays lists, anything else its string (as the result
     * loggers write it).
     */
    public static Map<String, Object> plain(Map<String, ?> metrics) {
        Map<String, Object> out = new LinkedHashMap<>(metrics.size() * 2);
        metrics.forEach((k, v) -> out.put(k, plainValue(v)));
        return out;
    }

    private static Object plainValue(Object v) {
        if (v == null || v instanceof Number || v instanceof Boolean || v instanceof String) {
            return v;
        }
        if (v instanceof Config c) {
            return c.toMap();
        }
        if (v instanceof Map<?, ?> m) {
            Map<String, Object> out = new LinkedHashMap<>();
            m.forEach((k, x) -> out.put(String.valueOf(k), plainValue(x)));
            return out;
        }
        if (v instanceof Collection<?> c) {
            List<Object> out = new ArrayList<>(c.size());
            c.forEach(x -> out.add(plainValue(x)));
            return out;
        }
        if (v.getClass().isArray()) {
            int n = Array.getLength(v);
            List<Object> out = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                out.add(plainValue(Array.get(v, i)));
            }
            return out;
        }
        return String.valueOf(v);
    }
}
