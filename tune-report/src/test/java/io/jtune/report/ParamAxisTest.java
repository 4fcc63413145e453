package io.jtune.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ParamAxisTest {
    private static List<Number> sample(int n, java.util.function.DoubleUnaryOperator f) {
        SplittableRandom random = new SplittableRandom(3);
        List<Number> values = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            values.add(f.applyAsDouble(random.nextDouble()));
        }
        return values;
    }

    @Test
    void aFewWholeNumbersAreCategories() {
        assertEquals(ParamAxis.CATEGORY, ParamAxis.of(Arrays.asList(16, 64, 256, 64, 16, null)));
        assertEquals(ParamAxis.CATEGORY, ParamAxis.of(List.of(1L, 2L, 3L)));
        assertEquals(ParamAxis.VALUE, ParamAxis.of(sample(40, u -> Math.floor(1 + 99 * u))), "a wide randint is a number line");
    }

    @Test
    void logUniformValuesGetALogAxisAndUniformOnesALinearOne() {
        assertEquals(ParamAxis.LOG, ParamAxis.of(sample(12, u -> Math.pow(10, -4 + 3 * u))));
        assertEquals(ParamAxis.VALUE, ParamAxis.of(sample(12, u -> u)));
        assertEquals(ParamAxis.VALUE, ParamAxis.of(sample(40, u -> -1 + 2 * u)), "negative values cannot be on a log axis");
        assertEquals(ParamAxis.VALUE, ParamAxis.of(List.of()), "no values");
    }
}
