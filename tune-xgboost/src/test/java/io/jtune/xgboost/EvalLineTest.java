package io.jtune.xgboost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EvalLineTest {
    @Test
    void everyWatchAndMetricIsReadUnderXgboostsName() {
        Map<String, Object> metrics = new LinkedHashMap<>();
        EvalLine.parse("[12]\ttrain-logloss:0.25\ttrain-auc:0.98\tvalidation-mlogloss:1.5e-3", metrics);
        assertEquals(Map.of("train-logloss", 0.25, "train-auc", 0.98, "validation-mlogloss", 0.0015), metrics);
        assertEquals("[train-logloss, train-auc, validation-mlogloss]", metrics.keySet().toString(), "in XGBoost's order");
    }

    @Test
    void anEntryWithoutAValueIsReportedWithTheLine() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> EvalLine.parse("[0]\ttrain-logloss", new LinkedHashMap<>()));
        assertEquals("XGBoost's evaluation '[0]\ttrain-logloss' has an entry without name:value: 'train-logloss'", e.getMessage());
    }
}
