package io.jtune.engine.json;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.jtune.api.TuneException;

/**
 * The one Jackson mapper of jtune's modules, configured once: NaN and infinities read and written
 * (metrics may be NaN), unknown properties ignored (state written by a newer version still reads),
 * the fast double writer. Thread-safe; never reconfigure it. Also the saved state of schedulers and
 * other components as JSON text, with errors that name the component.
 */
public final class Json {
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(StreamWriteFeature.USE_FAST_DOUBLE_WRITER)
            .build();

    private Json() {
    }

    /** The shared mapper. */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /** A component's state (records, maps, lists) as JSON text. */
    public static String writeState(String component, Object state) {
        try {
            return MAPPER.writeValueAsString(state);
        } catch (JsonProcessingException e) {
            throw new TuneException(component + ": cannot write its state as JSON: " + e.getOriginalMessage(), e);
        }
    }

    /** A component's state read back from the JSON text {@link #writeState} wrote. */
    public static <T> T readState(String component, String json, Class<T> type) {
        try {
            return MAPPER.readValue(json, type);
        } catch (JsonProcessingException e) {
            throw new TuneException(component + ": the saved state is not valid " + type.getSimpleName()
                    + " JSON (" + e.getOriginalMessage() + "); was it saved by another component or version?", e);
        }
    }
}
