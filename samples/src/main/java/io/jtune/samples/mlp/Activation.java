package io.jtune.samples.mlp;

/** The hidden layer's non-linearity, with its derivative and the matching weight initialisation. */
public enum Activation {
    /** {@code max(0, z)}, with He (Kaiming) uniform initialisation. */
    RELU {
        @Override
        double apply(double z) {
            return z > 0 ? z : 0;
        }

        @Override
        double derivative(double z, double activated) {
            return z > 0 ? 1 : 0;
        }

        @Override
        double initLimit(int fanIn, int fanOut) {
            return Math.sqrt(6.0 / fanIn);
        }
    },
    /** {@code tanh(z)}, with Glorot (Xavier) uniform initialisation. */
    TANH {
        @Override
        double apply(double z) {
            return Math.tanh(z);
        }

        @Override
        double derivative(double z, double activated) {
            return 1 - activated * activated;
        }

        @Override
        double initLimit(int fanIn, int fanOut) {
            return Math.sqrt(6.0 / (fanIn + fanOut));
        }
    };

    abstract double apply(double z);

    /** The derivative at {@code z}, given {@code activated = apply(z)}. */
    abstract double derivative(double z, double activated);

    /** Weights of a layer feeding this activation are drawn uniformly from {@code [-limit, limit]}. */
    abstract double initLimit(int fanIn, int fanOut);
}
