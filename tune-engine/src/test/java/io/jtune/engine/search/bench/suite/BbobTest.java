package io.jtune.engine.search.bench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class BbobTest {

    @Test
    void everyFunctionReachesFoptAtXoptAndNowhereLowerNearby() {
        java.util.SplittableRandom rng = new java.util.SplittableRandom(7);
        for (int f = 1; f <= 24; f++) {
            for (int dim : new int[] {2, 5, 10, 20}) {
                for (int instance = 1; instance <= 3; instance++) {
                    Bbob b = Bbob.of(f, dim, instance);
                    double[] xopt = b.xopt();
                    double atOptimum = b.value(xopt);
                    // f20's optimum is 4.2096874633 rounded; its value there is fopt to 1e-8
                    assertEquals(b.fopt(), atOptimum, f == 20 ? 1e-8 : 1e-12, "f" + f + " " + dim + "-D instance " + instance);
                    for (double x : xopt) {
                        assertTrue(Math.abs(x) <= 5, "f" + f + ": xopt inside [-5, 5]");
                    }
                    for (int k = 0; k < 50; k++) {
                        double[] y = xopt.clone();
                        for (int i = 0; i < dim; i++) {
                            y[i] = Math.max(-5, Math.min(5, y[i] + 0.05 * (rng.nextDouble() - 0.5)));
                        }
                        assertTrue(b.value(y) >= b.fopt() - 1e-8, "f" + f + " " + dim + "-D: a point near xopt below fopt");
                    }
                }
            }
        }
    }

    @Test
    void separableFunctionsHaveTheirTextbookValues() {
        Bbob sphere = Bbob.of(1, 3, 1);
        double[] x = sphere.xopt();
        x[0] += 1;
        x[2] -= 2;
        assertEquals(sphere.fopt() + 5, sphere.value(x), 1e-12);
        // f2: 10^(6 i / (D - 1)) T_osz(z_i)^2; T_osz(1) = exp(0) = 1
        Bbob ellipsoid = Bbob.of(2, 3, 1);
        double[] y = ellipsoid.xopt();
        y[1] += 1;
        assertEquals(ellipsoid.fopt() + 1e3, ellipsoid.value(y), 1e-9);
        // f5: linear slope, sum of 5 |s_i| - s_i x_i at the origin = 5 sum 10^(i / (D - 1))
        Bbob slope = Bbob.of(5, 2, 1);
        assertEquals(slope.fopt() + 5 * (1 + 10), slope.value(new double[2]), 1e-9);
        // f8 at xopt - 1/c in coordinate 0: z = (0, 1, ...): 100 (0 - 1)^2 + 1 = 101
        Bbob rosenbrock = Bbob.of(8, 2, 1);
        double[] r = rosenbrock.xopt();
        r[0] -= 1;
        assertEquals(rosenbrock.fopt() + 101, rosenbrock.value(r), 1e-9);
    }

    @Test
    void instanceOneHasCocosOptimalValues() {
        // the fopt of instance 1 of f1..f24 that COCO's bbob suite publishes
        double[] published = {79.48, -209.88, -462.09, -462.09, -9.21, 35.90, 92.94, 149.15, 123.83, -54.94, 76.27, -621.11,
            29.97, -52.35, 1000, 71.35, -16.94, -16.94, -102.55, -546.50, 40.78, -1000, 6.87, 102.61};
        for (int f = 1; f <= 24; f++) {
            assertEquals(published[f - 1], Bbob.of(f, 5, 1).fopt(), 1e-9, "f" + f);
        }
    }

    @Test
    void toszIsTheIdentityAtOneAndOddAround() {
        assertEquals(1.0, Bbob.tosz(1.0), 1e-15);
        assertEquals(-1.0, Bbob.tosz(-1.0), 1e-15);
        assertEquals(0.0, Bbob.tosz(0.0));
        double h = Math.log(2);
        assertEquals(Math.exp(h + 0.049 * (Math.sin(10 * h) + Math.sin(7.9 * h))), Bbob.tosz(2.0), 1e-15);
    }

    @Test
    void rotationsAreOrthonormal() {
        for (int dim : new int[] {2, 5, 20}) {
            double[][] m = Bbob.rotation(1000001 + dim, dim);
            for (int i = 0; i < dim; i++) {
                for (int j = 0; j < dim; j++) {
                    double dot = 0;
                    for (int k = 0; k < dim; k++) {
                        dot += m[k][i] * m[k][j];
                    }
                    assertEquals(i == j ? 1 : 0, dot, 1e-12);
                }
            }
        }
    }

    @Test
    void instancesFollowTheSeed() {
        // fopt in hundredths within [-1000, 1000]; the same instance twice is the same function, another one differs
        for (int f = 1; f <= 24; f++) {
            double fopt = Bbob.fopt(f, 1);
            assertEquals(Math.rint(fopt * 100) / 100, fopt, 1e-9);
            assertTrue(Math.abs(fopt) <= 1000);
        }
        assertEquals(Bbob.of(15, 5, 2).value(new double[5]), Bbob.of(15, 5, 2).value(new double[5]));
        assertTrue(Bbob.of(15, 5, 2).value(new double[5]) != Bbob.of(15, 5, 3).value(new double[5]));
        // f4 shares f3's seed, f18 f17's
        assertEquals(Bbob.fopt(3, 4), Bbob.fopt(4, 4));
        assertEquals(Bbob.fopt(17, 4), Bbob.fopt(18, 4));
        double[] u = Bbob.unif(1000, 12345);
        for (double v : u) {
            assertTrue(v > 0 && v <= 1);
        }
    }

    @Test
    void onlyPlainShiftsMove() {
        Bbob f = Bbob.of(10, 5, 1);
        double[] to = {1, 2, 3, -1, 0.5};
        assertEquals(f.fopt(), f.movedTo(to).value(to), 1e-12);
        assertThrows(IllegalArgumentException.class, () -> Bbob.of(20, 5, 1).movedTo(to));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Bbob.of(25, 5, 1));
        assertTrue(e.getMessage().contains("f25"));
    }
}
