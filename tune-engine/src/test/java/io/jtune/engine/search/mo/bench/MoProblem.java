package io.jtune.engine.search.mo.bench;

import io.jtune.api.Config;
import io.jtune.api.Mode;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.spi.Objective;
import java.util.List;
import java.util.function.Function;

/** A multi-objective test problem (every objective minimised): its space, the objective values of a config, and a reference point. */
public record MoProblem(String name, SearchSpace space, Function<Config, double[]> function, double[] reference) {

    /** Metric names f1, f2, ... */
    public List<String> metrics() {
        return java.util.stream.IntStream.rangeClosed(1, reference.length).mapToObj(i -> "f" + i).toList();
    }

    public List<Objective> objectives() {
        return Objective.of(metrics(), metrics().stream().map(m -> Mode.MIN).toList());
    }

    /** ZDT1 (Zitzler, Deb, Thiele 2000): 30 variables in [0, 1], a convex front f2 = 1 - sqrt(f1); reference (11, 11). */
    public static MoProblem zdt1() {
        return new MoProblem("zdt1", unitCube(30), c -> {
            double[] x = read(c, 30);
            double sum = 0;
            for (int i = 1; i < 30; i++) {
                sum += x[i];
            }
            double g = 1 + 9 * sum / 29;
            return new double[] {x[0], g * (1 - Math.sqrt(x[0] / g))};
        }, new double[] {11, 11});
    }

    /** DTLZ2 (Deb et al. 2002): 12 variables in [0, 1], 3 objectives, the front the positive unit sphere octant; reference (3, 3, 3). */
    public static MoProblem dtlz2() {
        return new MoProblem("dtlz2", unitCube(12), c -> {
            double[] x = read(c, 12);
            double g = 0;
            for (int i = 2; i < 12; i++) {
                g += (x[i] - 0.5) * (x[i] - 0.5);
            }
            double a = x[0] * Math.PI / 2;
            double b = x[1] * Math.PI / 2;
            return new double[] {(1 + g) * Math.cos(a) * Math.cos(b), (1 + g) * Math.cos(a) * Math.sin(b), (1 + g) * Math.sin(a)};
        }, new double[] {3, 3, 3});
    }

    private static SearchSpace unitCube(int n) {
        SearchSpace.Builder b = SearchSpace.builder();
        for (int i = 0; i < n; i++) {
            b.uniform("x" + i, 0, 1);
        }
        return b.build();
    }

    private static double[] read(Config c, int n) {
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = c.getDouble("x" + i);
        }
        return x;
    }
}
