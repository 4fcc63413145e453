package io.jtune.engine.search.model;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jtune.api.Config;
import io.jtune.engine.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Known good configs a searcher suggests first, in order (Ray Tune's {@code points_to_evaluate}).
 * A point may be partial: the missing parameters are drawn from their domains.
 */
public final class PointsToEvaluate {
    private static final ObjectMapper JSON = Json.mapper();

    private PointsToEvaluate() {
    }

    /**
     * Checks every point against the space: each key must name a parameter and each value must be
     * one its domain can produce. The error names the searcher, the point's index and the parameter.
     */
    public static void validate(List<Config> points, SpaceEncoding encoding, String searcher) {
        Set<String> known = encoding.paths();
        for (int i = 0; i < points.size(); i++) {
            Config point = points.get(i);
            for (String key : point.flatten().keySet()) {
                if (!known.contains(key)) {
                    throw new IllegalArgumentException(searcher + ": points_to_evaluate[" + i + "] sets '" + key + "', which is not a parameter of the search space " + known);
                }
            }
            for (Dimension d : encoding.dimensions()) {
                if (point.has(d.path()) && !d.domain().contains(point.get(d.path()))) {
                    throw new IllegalArgumentException(searcher + ": points_to_evaluate[" + i + "] gives parameter '" + d.path() + "' the value "
                            + point.get(d.path()) + ", which its domain " + d.domain() + " cannot produce");
                }
            }
        }
    }

    /** Points written as JSON objects (as in a searcher annotation); the error names the annotation and the bad text. */
    public static List<Config> parseJson(String[] objects, String annotation) {
        List<Config> points = new ArrayList<>();
        for (String text : objects) {
            try {
                points.add(Config.of(JSON.readValue(text, new TypeReference<Map<String, Object>>() { })));
            } catch (JsonProcessingException e) {
                throw new IllegalArgumentException("@" + annotation + "(pointsToEvaluate): '" + text + "' is not a JSON object of parameter values: " + e.getOriginalMessage(), e);
            }
        }
        return points;
    }
}
