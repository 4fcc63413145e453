package io.jtune.samples.mlp;

import io.jtune.samples.data.ClassificationData;
import io.jtune.samples.data.SplitMix64;
import java.util.Arrays;

/**
 * A one-hidden-layer perceptron with a softmax output, trained on cross-entropy. All parameters
 * live in one flat array ({@link #parameters()}) laid out as W1 (inputs × hidden, row-major: the
 * weights leaving one input are contiguous), b1, W2 (outputs × hidden, row-major), b2, so an
 * optimiser, a checkpoint or a gradient check can treat them as one vector. The input layer works
 * input by input, so zero inputs (most pixels of a digit) cost nothing and the inner loops run over
 * contiguous memory. Forward and backward passes reuse per-instance buffers and allocate nothing;
 * an instance is therefore not thread-safe.
 */
final class Mlp {
    private final int inputs;
    private final int hidden;
    private final int outputs;
    private final Activation activation;
    private final double[] parameters;
    private final int b1;
    private final int w2;
    private final int b2;

    private final double[] z1;
    private final double[] a1;
    private final double[] z2;
    private final double[] dz1;
    private final double[] dz2;

    Mlp(int inputs, int hidden, int outputs, Activation activation) {
        this.inputs = inputs;
        this.hidden = hidden;
        this.outputs = outputs;
        this.activation = activation;
        this.b1 = hidden * inputs;
        this.w2 = b1 + hidden;
        this.b2 = w2 + outputs * hidden;
        this.parameters = new double[b2 + outputs];
        this.z1 = new double[hidden];
        this.a1 = new double[hidden];
        this.z2 = new double[outputs];
        this.dz1 = new double[hidden];
        this.dz2 = new double[outputs];
    }

    int inputs() {
        return inputs;
    }

    int hidden() {
        return hidden;
    }

    int outputs() {
        return outputs;
    }

    Activation activation() {
        return activation;
    }

    /** The live parameter vector (not a copy). */
    double[] parameters() {
        return parameters;
    }

    /** Draws the weights uniformly within the activation's initialisation limit; biases start at zero. */
    void initialize(SplitMix64 random) {
        double hiddenLimit = activation.initLimit(inputs, hidden);
        for (int i = 0; i < b1; i++) {
            parameters[i] = random.nextDouble(-hiddenLimit, hiddenLimit);
        }
        double outputLimit = Math.sqrt(6.0 / (hidden + outputs));
        for (int i = w2; i < b2; i++) {
            parameters[i] = random.nextDouble(-outputLimit, outputLimit);
        }
    }

    /**
     * Mean cross-entropy over the rows {@code order[from..to)} of {@code x}/{@code labels}, and its
     * gradient with respect to {@link #parameters()} written into {@code gradient} (overwritten).
     */
    double lossAndGradient(double[] x, int[] labels, int[] order, int from, int to, double[] gradient) {
        Arrays.fill(gradient, 0);
        double scale = 1.0 / (to - from);
        double lossSum = 0;
        for (int n = from; n < to; n++) {
            int row = order[n];
            int offset = row * inputs;
            forward(x, offset);
            lossSum += backward(x, offset, labels[row], scale, gradient);
        }
        return lossSum * scale;
    }

    /** Mean cross-entropy and accuracy on every row of {@code data}. */
    Evaluation evaluate(ClassificationData data) {
        double lossSum = 0;
        int correct = 0;
        for (int row = 0; row < data.rows(); row++) {
            forward(data.x(), row * inputs);
            int label = data.labels()[row];
            lossSum += logSumExp() - z2[label];
            if (argMax() == label) {
                correct++;
            }
        }
        return new Evaluation(lossSum / data.rows(), (double) correct / data.rows());
    }

    /** The most probable class of the row starting at {@code x[offset]}. */
    int predict(double[] x, int offset) {
        forward(x, offset);
        return argMax();
    }

    private void forward(double[] x, int offset) {
        System.arraycopy(parameters, b1, z1, 0, hidden);
        for (int i = 0; i < inputs; i++) {
            double input = x[offset + i];
            if (input != 0) {
                int weights = i * hidden;
                for (int h = 0; h < hidden; h++) {
                    z1[h] += parameters[weights + h] * input;
                }
            }
        }
        for (int h = 0; h < hidden; h++) {
            a1[h] = activation.apply(z1[h]);
        }
        for (int k = 0; k < outputs; k++) {
            double sum = parameters[b2 + k];
            int weights = w2 + k * hidden;
            for (int h = 0; h < hidden; h++) {
                sum += parameters[weights + h] * a1[h];
            }
            z2[k] = sum;
        }
    }

    /** Adds {@code scale} times this row's gradient to {@code gradient}; returns the row's loss. Needs {@link #forward} first. */
    private double backward(double[] x, int offset, int label, double scale, double[] gradient) {
        double logSumExp = logSumExp();
        for (int k = 0; k < outputs; k++) {
            double probability = Math.exp(z2[k] - logSumExp);
            dz2[k] = (k == label ? probability - 1 : probability) * scale;
        }
        for (int h = 0; h < hidden; h++) {
            dz1[h] = 0;
        }
        for (int k = 0; k < outputs; k++) {
            double delta = dz2[k];
            int weights = w2 + k * hidden;
            gradient[b2 + k] += delta;
            for (int h = 0; h < hidden; h++) {
                gradient[weights + h] += delta * a1[h];
                dz1[h] += delta * parameters[weights + h];
            }
        }
        for (int h = 0; h < hidden; h++) {
            dz1[h] *= activation.derivative(z1[h], a1[h]);
            gradient[b1 + h] += dz1[h];
        }
        for (int i = 0; i < inputs; i++) {
            double input = x[offset + i];
            if (input != 0) {
                int weights = i * hidden;
                for (int h = 0; h < hidden; h++) {
                    gradient[weights + h] += dz1[h] * input;
                }
            }
        }
        return logSumExp - z2[label];
    }

    private double logSumExp() {
        double max = z2[0];
        for (int k = 1; k < outputs; k++) {
            max = Math.max(max, z2[k]);
        }
        double sum = 0;
        for (int k = 0; k < outputs; k++) {
            sum += Math.exp(z2[k] - max);
        }
        return max + Math.log(sum);
    }

    private int argMax() {
        int best = 0;
        for (int k = 1; k < outputs; k++) {
            if (z2[k] > z2[best]) {
                best = k;
            }
        }
        return best;
    }
}
