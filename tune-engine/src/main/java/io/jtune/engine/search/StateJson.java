package io.jtune.engine.search;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jtune.api.Config;
import io.jtune.api.TuneException;
import io.jtune.api.spi.SearchAlgorithm;
import io.jtune.engine.json.Json;
import java.util.Map;

/**
 * JSON for the saved state of searchers and stoppers ({@code saveState}/{@code restoreState}).
 * Never used on a hot path. Errors name the component whose state could not be read.
 */
public final class StateJson {
    private static final ObjectMapper MAPPER = Json.mapper();
    private static final String WRAPPED = "inner";

    private StateJson() {
    }

    /** A fresh object node to fill. */
    public static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    /** The node as JSON text. */
    public static String write(JsonNode node) {
        return node.toString();
    }

    /** Parses saved state; an empty text or {@code {}} gives an empty object. */
    public static ObjectNode parse(String json, String owner) {
        if (json == null || json.isBlank()) {
            return object();
        }
        try {
            JsonNode node = MAPPER.readTree(json);
            if (node instanceof ObjectNode o) {
                return o;
            }
            throw new TuneException(owner + ": saved state must be a JSON object, got " + abbreviate(json));
        } catch (JsonProcessingException e) {
            throw new TuneException(owner + ": saved state is not valid JSON (" + e.getOriginalMessage() + "): " + abbreviate(json), e);
        }
    }

    /** Stores the state of the searcher a wrapper forwards to under {@code "inner"}. */
    public static void putWrapped(ObjectNode state, SearchAlgorithm wrapped) {
        state.set(WRAPPED, parse(wrapped.saveState(), wrapped.getClass().getSimpleName()));
    }

    /** Restores the wrapped searcher from what {@link #putWrapped} stored, if anything. */
    public static void restoreWrapped(ObjectNode state, SearchAlgorithm wrapped) {
        JsonNode saved = state.get(WRAPPED);
        if (saved != null) {
            wrapped.restoreState(write(saved));
        }
    }

    /** A config as a JSON tree (nested configs become objects). */
    public static JsonNode fromConfig(Config config) {
        return MAPPER.valueToTree(config.toMap());
    }

    /** A config read back from {@link #fromConfig}. */
    @SuppressWarnings("unchecked")
    public static Config toConfig(JsonNode node) {
        return Config.of(MAPPER.convertValue(node, Map.class));
    }

    private static String abbreviate(String json) {
        return json.length() <= 200 ? json : json.substring(0, 200) + "...";
    }
}
