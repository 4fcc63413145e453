package io.jtune.engine.search.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Vectors and matrices in searcher state JSON; NaN (an inactive coordinate) is written as null. */
public final class JsonArrays {
    private JsonArrays() {
    }

    public static void put(ObjectNode node, String field, double[] values) {
        addAll(node.putArray(field), values);
    }

    public static void put(ObjectNode node, String field, double[][] rows) {
        ArrayNode a = node.putArray(field);
        for (double[] row : rows) {
            addAll(a.addArray(), row);
        }
    }

    private static void addAll(ArrayNode a, double[] values) {
        for (double v : values) {
            if (Double.isNaN(v)) {
                a.addNull();
            } else {
                a.add(v);
            }
        }
    }

    public static double[] doubles(JsonNode array) {
        double[] out = new double[array.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = array.get(i).isNull() ? Double.NaN : array.get(i).asDouble();
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
