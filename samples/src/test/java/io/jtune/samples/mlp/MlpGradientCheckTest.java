package io.jtune.samples.mlp;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.samples.data.SplitMix64;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Backpropagation against central finite differences of the loss, for every parameter. */
class MlpGradientCheckTest {
    private static final int INPUTS = 6;
    private static final int HIDDEN = 5;
    private static final int OUTPUTS = 4;
    private static final int ROWS = 7;
    private static final double EPSILON = 1e-6;

    @ParameterizedTest
    @EnumSource(Activation.class)
    void analyticGradientMatchesFiniteDifferences(Activation activation) {
        SplitMix64 random = new SplitMix64(11);
        Mlp net = new Mlp(INPUTS, HIDDEN, OUTPUTS, activation);
        net.initialize(random);
        double[] parameters = net.parameters();
        for (int i = 0; i < parameters.length; i++) {
            parameters[i] += random.nextDouble(-0.3, 0.3); // non-zero biases too
        }
        double[] x = new double[ROWS * INPUTS];
        for (int i = 0; i < x.length; i++) {
            x[i] = random.nextDouble(-1, 1);
        }
        int[] labels = new int[ROWS];
        for (int r = 0; r < ROWS; r++) {
            labels[r] = random.nextInt(OUTPUTS);
        }
        int[] order = {3, 0, 6, 2, 5}; // a batch of 5 of the 7 rows, out of order
        double[] analytic = new double[parameters.length];
        net.lossAndGradient(x, labels, order, 0, order.length, analytic);

        double[] scratch = new double[parameters.length];
        for (int i = 0; i < parameters.length; i++) {
            double saved = parameters[i];
            parameters[i] = saved + EPSILON;
            double plus = net.lossAndGradient(x, labels, order, 0, order.length, scratch);
            parameters[i] = saved - EPSILON;
            double minus = net.lossAndGradient(x, labels, order, 0, order.length, scratch);
            parameters[i] = saved;
            double numeric = (plus - minus) / (2 * EPSILON);
            double relative = Math.abs(numeric - analytic[i]) / Math.max(1e-8, Math.abs(numeric) + Math.abs(analytic[i]));
            assertTrue(relative < 1e-6, "parameter " + i + ": analytic " + analytic[i] + " vs numeric " + numeric);
        }
    }
}
