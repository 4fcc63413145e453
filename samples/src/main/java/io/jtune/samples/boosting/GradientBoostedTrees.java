package io.jtune.samples.boosting;

import io.jtune.samples.data.DataSplit;
import io.jtune.samples.data.RegressionData;
import io.jtune.samples.data.SplitMix64;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Gradient-boosted regression trees on squared error (Friedman's gradient boosting; stochastic
 * when {@code subsample < 1}): the ensemble starts from the training targets' mean, and every new
 * tree fits the current residuals on the training rows of a {@link DataSplit}, shrunk by the
 * learning rate. {@link #grow} adds trees and scores the training and validation rows; the test
 * rows are scored only when asked ({@link #test()}).
 *
 * <p>Deterministic for a given data, split, hyperparameters and seed. {@link #save} and
 * {@link #restore} carry every tree and the random state, so a restored ensemble grows exactly as
 * an uninterrupted one.
 */
public final class GradientBoostedTrees {
    private final RegressionData train;
    private final RegressionData validation;
    private final RegressionData test;
    private final BoostingHyperparameters hyperparameters;
    private final TreeBuilder builder;
    private final double basePrediction;
    private final List<RegressionTree> trees = new ArrayList<>();
    private final double[] trainPrediction;
    private final double[] validationPrediction;
    private final double[] residual;
    private final int[] sample;
    private SplitMix64 random;

    /** An ensemble of no trees for {@code data}, split by {@code split}; {@code seed} drives row subsampling. */
    public GradientBoostedTrees(RegressionData data, DataSplit split, BoostingHyperparameters hyperparameters, long seed) {
        this.train = data.subset(split.train());
        this.validation = data.subset(split.validation());
        this.test = data.subset(split.test());
        this.hyperparameters = hyperparameters;
        this.builder = new TreeBuilder(train, hyperparameters);
        this.basePrediction = Arrays.stream(train.y()).sum() / train.rows();
        this.trainPrediction = new double[train.rows()];
        this.validationPrediction = new double[validation.rows()];
        this.residual = new double[train.rows()];
        this.sample = new int[train.rows()];
        this.random = new SplitMix64(seed);
        resetPredictions();
    }

    public BoostingHyperparameters hyperparameters() {
        return hyperparameters;
    }

    /** Trees in the ensemble, including those before a {@link #restore}. */
    public int trees() {
        return trees.size();
    }

    /** Adds {@code count} trees and returns the scores after the last. */
    public BoostingMetrics grow(int count) {
        if (count < 1) {
            throw new IllegalArgumentException("count of trees to grow must be >= 1, got " + count);
        }
        for (int t = 0; t < count; t++) {
            addTree();
        }
        return metrics();
    }

    /** The current scores on the training and validation rows. */
    public BoostingMetrics metrics() {
        return new BoostingMetrics(trees.size(), RegressionScore.of(trainPrediction, train.y()),
                RegressionScore.of(validationPrediction, validation.y()));
    }

    /** The score on the held-out test rows (report it; never tune on it). */
    public RegressionScore test() {
        return RegressionScore.of(predict(test), test.y());
    }

    /** Writes every tree and the random state into the existing directory {@code dir}. */
    public void save(Path dir) throws IOException {
        BoostingCheckpoint.write(dir, new BoostingCheckpoint.State(train.features(), basePrediction, random.state(), trees));
    }

    /**
     * Replaces this ensemble with the one {@link #save} wrote into {@code dir}. It must have been
     * trained on the same training rows (checked through the base prediction); later trees use
     * this model's hyperparameters.
     */
    public void restore(Path dir) throws IOException {
        BoostingCheckpoint.State state = BoostingCheckpoint.read(dir);
        if (state.features() != train.features() || Double.compare(state.basePrediction(), basePrediction) != 0) {
            throw new IllegalArgumentException(dir.resolve(BoostingCheckpoint.FILE_NAME) + " was trained on other data ("
                    + state.features() + " features, base prediction " + state.basePrediction() + "; this model has "
                    + train.features() + " and " + basePrediction + "); restore it into a model with the same dataset and split");
        }
        trees.clear();
        trees.addAll(state.trees());
        random = new SplitMix64(state.randomState());
        resetPredictions();
        for (RegressionTree tree : trees) {
            accumulate(tree);
        }
    }

    private void addTree() {
        for (int i = 0; i < residual.length; i++) {
            residual[i] = train.y()[i] - trainPrediction[i];
        }
        RegressionTree tree = builder.fit(residual, sample, drawSample(), hyperparameters.learningRate());
        trees.add(tree);
        accumulate(tree);
    }

    /** Fills {@code sample} and returns how many of its rows the next tree uses (all, unless subsampling). */
    private int drawSample() {
        Arrays.setAll(sample, i -> i);
        if (hyperparameters.subsample() == 1) {
            return sample.length;
        }
        int size = Math.max(1, (int) (hyperparameters.subsample() * sample.length));
        for (int i = 0; i < size; i++) {
            int j = i + random.nextInt(sample.length - i);
            int t = sample[i];
            sample[i] = sample[j];
            sample[j] = t;
        }
        return size;
    }

    private void resetPredictions() {
        Arrays.fill(trainPrediction, basePrediction);
        Arrays.fill(validationPrediction, basePrediction);
    }

    private void accumulate(RegressionTree tree) {
        addPredictions(tree, train, trainPrediction);
        addPredictions(tree, validation, validationPrediction);
    }

    private double[] predict(RegressionData data) {
        double[] prediction = new double[data.rows()];
        Arrays.fill(prediction, basePrediction);
        for (RegressionTree tree : trees) {
            addPredictions(tree, data, prediction);
        }
        return prediction;
    }

    private static void addPredictions(RegressionTree tree, RegressionData data, double[] prediction) {
        for (int r = 0; r < data.rows(); r++) {
            prediction[r] += tree.predict(data.x(), r * data.features());
        }
    }
}
