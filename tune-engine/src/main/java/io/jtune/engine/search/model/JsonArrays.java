package io.jtune.engine.search.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Vectors and matrices in searcher state JSON. */
public final class JsonArrays {
    private JsonArrays() {
    }

    public static void put(ObjectNode node, String field, double[] values) {
        ArrayNode a = node.putArray(field);
        for (double v : values) {
            a.add(v);
        }
    }

    public static void put(ObjectNode node, String field, double[][] rows) {
        ArrayNode a = node.putArray(field);
        for (double[] row : rows) {
            ArrayNode r = a.addArray();
            for (double v : row) {
                r.add(v);
            }
        }
    }

    public static double[] doubles(JsonNode array) {
        double[] out = new double[array.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = array.get(i).asDouble();
        }
        return out;
    }

    public static double[][] matrix(JsonNode rows) {
        double[][] out = new double[rows.size()][];
        for (int i = 0; i < out.length; i++) {
            out[i] = doubles(rows.get(i));
        }
        return out;
    }
}
