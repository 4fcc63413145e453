package io.jtune.samples.mlp;

/**
 * What a tuner varies for {@link MlpClassifier}. The optimiser is mini-batch SGD with momentum in
 * PyTorch's form: {@code v = momentum * v + (g + l2 * w); w -= learningRate * v}.
 *
 * @param learningRate step size, > 0
 * @param hiddenSize units in the hidden layer, >= 1
 * @param batchSize examples per gradient step, >= 1 (the last batch of an epoch may be smaller)
 * @param momentum momentum coefficient in [0, 1)
 * @param l2 weight decay (L2 penalty coefficient), >= 0
 * @param activation the hidden layer's non-linearity
 */
public record MlpHyperparameters(double learningRate, int hiddenSize, int batchSize, double momentum, double l2, Activation activation) {

    public MlpHyperparameters {
        if (!(learningRate > 0) || !Double.isFinite(learningRate)) {
            throw new IllegalArgumentException("learningRate must be a positive finite number, got " + learningRate);
        }
        if (hiddenSize < 1) {
            throw new IllegalArgumentException("hiddenSize must be >= 1, got " + hiddenSize);
        }
        if (batchSize < 1) {
            throw new IllegalArgumentException("batchSize must be >= 1, got " + batchSize);
        }
        if (!(momentum >= 0 && momentum < 1)) {
            throw new IllegalArgumentException("momentum must be in [0, 1), got " + momentum);
        }
        if (!(l2 >= 0) || !Double.isFinite(l2)) {
            throw new IllegalArgumentException("l2 must be a finite number >= 0, got " + l2);
        }
        if (activation == null) {
            throw new IllegalArgumentException("activation must be one of RELU, TANH, got null");
        }
    }

    /** These hyperparameters with another learning rate (what PBT mutates). */
    public MlpHyperparameters withLearningRate(double newLearningRate) {
        return new MlpHyperparameters(newLearningRate, hiddenSize, batchSize, momentum, l2, activation);
    }
}
