package io.jtune.xgboost;

import java.util.Map;

/**
 * Reads the line {@code Booster.evalSet} returns,
 * {@code [12]\ttrain-logloss:0.2311\tvalidation-logloss:0.2954}, into metrics named as XGBoost
 * names them ({@code validation-logloss}).
 */
final class EvalLine {
    private EvalLine() {
    }

    /** Puts every {@code name:value} pair of the line into {@code metrics}. */
    static void parse(String line, Map<String, Object> metrics) {
        int start = line.indexOf('\t');
        while (start >= 0) {
            int end = line.indexOf('\t', start + 1);
            String pair = end < 0 ? line.substring(start + 1) : line.substring(start + 1, end);
            int colon = pair.lastIndexOf(':');
            if (colon <= 0) {
                throw new IllegalStateException("XGBoost's evaluation '" + line + "' has an entry without name:value: '" + pair + "'");
            }
            metrics.put(pair.substring(0, colon), Double.parseDouble(pair.substring(colon + 1).trim()));
            start = end;
        }
    }
}
