package io.jtune.samples.mlp;

import io.jtune.samples.data.ClassificationData;
import io.jtune.samples.data.DataSplit;
import io.jtune.samples.data.SplitMix64;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * A trainable neural-network classifier: an {@link Mlp} trained by mini-batch SGD with momentum on
 * the training rows of a {@link DataSplit}, scored on its validation rows after every epoch, and
 * on its test rows only when asked ({@link #test()}), so the test score stays untouched by tuning.
 *
 * <p>Deterministic: the same data, split, hyperparameters and seed give bit-identical results.
 * {@link #save} and {@link #restore} carry the weights, momentum buffer, epoch count and random
 * state, so a restored model continues exactly as an uninterrupted one.
 */
public final class MlpClassifier {
    private final ClassificationData train;
    private final ClassificationData validation;
    private final ClassificationData test;
    private final MlpHyperparameters hyperparameters;
    private final Mlp net;
    private final double[] gradient;
    private final double[] velocity;
    private final int[] order;
    private SplitMix64 random;
    private int epoch;

    /**
     * A freshly initialised model for {@code data}, split by {@code split}; {@code seed} drives the
     * weight initialisation and the per-epoch shuffling.
     */
    public MlpClassifier(ClassificationData data, DataSplit split, MlpHyperparameters hyperparameters, long seed) {
        this.train = data.subset(split.train());
        this.validation = data.subset(split.validation());
        this.test = data.subset(split.test());
        this.hyperparameters = hyperparameters;
        this.net = new Mlp(data.features(), hyperparameters.hiddenSize(), data.classes(), hyperparameters.activation());
        this.gradient = new double[net.parameters().length];
        this.velocity = new double[net.parameters().length];
        this.order = new int[train.rows()];
        this.random = new SplitMix64(seed);
        net.initialize(random);
    }

    public MlpHyperparameters hyperparameters() {
        return hyperparameters;
    }

    /** Epochs completed so far, including those before a {@link #restore}. */
    public int epochsCompleted() {
        return epoch;
    }

    /** One pass over the training rows in a freshly shuffled order, then a validation score. */
    public EpochMetrics epoch() {
        Arrays.setAll(order, i -> i);
        random.shuffle(order);
        double[] parameters = net.parameters();
        double learningRate = hyperparameters.learningRate();
        double momentum = hyperparameters.momentum();
        double l2 = hyperparameters.l2();
        double lossSum = 0;
        for (int from = 0; from < order.length; from += hyperparameters.batchSize()) {
            int to = Math.min(order.length, from + hyperparameters.batchSize());
            lossSum += net.lossAndGradient(train.x(), train.labels(), order, from, to, gradient) * (to - from);
            for (int i = 0; i < parameters.length; i++) {
                velocity[i] = momentum * velocity[i] + gradient[i] + l2 * parameters[i];
                parameters[i] -= learningRate * velocity[i];
            }
        }
        epoch++;
        Evaluation scored = validation();
        return new EpochMetrics(epoch, lossSum / order.length, scored.loss(), scored.accuracy());
    }

    /** Loss and accuracy on the validation rows (what tuning optimises). */
    public Evaluation validation() {
        return net.evaluate(validation);
    }

    /** Loss and accuracy on the held-out test rows (report it; never tune on it). */
    public Evaluation test() {
        return net.evaluate(test);
    }

    /** Writes the model's full training state into the existing directory {@code dir}. */
    public void save(Path dir) throws IOException {
        MlpCheckpoint.write(dir, net, velocity, new MlpCheckpoint.Progress(epoch, random.state()));
    }

    /**
     * Replaces this model's training state with the one {@link #save} wrote into {@code dir}. The
     * network's shape and activation must match; the optimiser's hyperparameters stay this model's.
     */
    public void restore(Path dir) throws IOException {
        MlpCheckpoint.Progress progress = MlpCheckpoint.read(dir, net, velocity);
        epoch = progress.epoch();
        random = new SplitMix64(progress.randomState());
    }
}
