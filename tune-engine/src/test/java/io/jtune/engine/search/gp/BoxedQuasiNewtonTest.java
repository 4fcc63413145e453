package io.jtune.engine.search.gp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The bounded quasi-Newton minimiser on functions whose minimum is known. */
class BoxedQuasiNewtonTest {
    private static final BoxedQuasiNewton.Objective ROSENBROCK = (x, g) -> {
        double a = 1 - x[0];
        double b = x[1] - x[0] * x[0];
        g[0] = -2 * a - 400 * x[0] * b;
        g[1] = 200 * b;
        return a * a + 100 * b * b;
    };

    @Test
    void findsAnInteriorMinimumAlongACurvedValley() {
        BoxedQuasiNewton.Minimum m = BoxedQuasiNewton.minimise(ROSENBROCK, new double[] {-1.2, 1}, new double[] {-5, -5}, new double[] {5, 5}, 500);
        assertArrayEquals(new double[] {1, 1}, m.point(), 1e-3);
        assertTrue(m.value() < 1e-6, "value " + m.value());
    }

    /** Minimum of (x - 3)^2 + (y + 1)^2 + xy/2 on [0, 2]^2 is at the corner (2, 0): both variables held at a bound. */
    @Test
    void stopsAtTheBoxWhereTheMinimumLiesOutside() {
        BoxedQuasiNewton.Objective f = (x, g) -> {
            g[0] = 2 * (x[0] - 3) + x[1] / 2;
            g[1] = 2 * (x[1] + 1) + x[0] / 2;
            return (x[0] - 3) * (x[0] - 3) + (x[1] + 1) * (x[1] + 1) + x[0] * x[1] / 2;
        };
        BoxedQuasiNewton.Minimum m = BoxedQuasiNewton.minimise(f, new double[] {0.5, 1.5}, new double[] {0, 0}, new double[] {2, 2}, 100);
        assertArrayEquals(new double[] {2, 0}, m.point(), 1e-9);
        assertEquals(1 + 1, m.value(), 1e-9);
    }

    @Test
    void keepsToItsBudgetAndTreatsUndefinedValuesAsFailedSteps() {
        AtomicInteger calls = new AtomicInteger();
        BoxedQuasiNewton.Objective holed = (x, g) -> {
            calls.incrementAndGet();
            return x[0] > 0.5 ? Double.NaN : ROSENBROCK.valueAndGradient(x, g);
        };
        BoxedQuasiNewton.Minimum m = BoxedQuasiNewton.minimise(holed, new double[] {-1.2, 1}, new double[] {-5, -5}, new double[] {5, 5}, 40);
        assertTrue(calls.get() <= 40, calls + " evaluations");
        assertTrue(m.point()[0] <= 0.5 && Double.isFinite(m.value()), "the point returned is one where the function is defined: " + m);
        assertTrue(m.value() < ROSENBROCK.valueAndGradient(new double[] {-1.2, 1}, new double[2]), "and better than the start");
    }
}
