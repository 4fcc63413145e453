package io.jtune.engine.schedule;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.jtune.api.TuneException;

/** Scheduler state to and from JSON text (records, maps, lists; NaN allowed). */
final class StateJson {
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(StreamWriteFeature.USE_FAST_DOUBLE_WRITER)
            .build();

    private StateJson() {
    }

    static ObjectMapper mapper() {
        return MAPPER;
    }

    static String write(String component, Object state) {
        try {
            return MAPPER.writeValueAsString(state);
        } catch (JsonProcessingException e) {
            throw new TuneException(component + ": cannot write its state as JSON: " + e.getOriginalMessage(), e);
        }
    }

    static <T> T read(String component, String json, Class<T> type) {
        try {
            return MAPPER.readValue(json, type);
        } catch (JsonProcessingException e) {
            throw new TuneException(component + ": the saved state is not valid " + type.getSimpleName()
                    + " JSON (" + e.getOriginalMessage() + "); was it saved by another scheduler or version?", e);
        }
    }
}
