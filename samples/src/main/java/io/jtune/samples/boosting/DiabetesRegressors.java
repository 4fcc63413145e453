package io.jtune.samples.boosting;

import io.jtune.samples.data.DataSplit;
import io.jtune.samples.data.Datasets;
import io.jtune.samples.data.RegressionData;

/**
 * {@link GradientBoostedTrees} on the shipped diabetes data, all sharing one split (60% training,
 * 20% validation, 20% test, from {@value #SPLIT_SEED}) so trials of an experiment are compared on
 * the same validation rows and never see the test rows. The dataset is parsed once per class
 * loader; each model copies the rows it uses.
 */
public final class DiabetesRegressors {
    /** The seed of the shared train/validation/test split. */
    public static final long SPLIT_SEED = 2024;
    public static final double VALIDATION_FRACTION = 0.2;
    public static final double TEST_FRACTION = 0.2;

    private DiabetesRegressors() {
    }

    /** An ensemble of no trees; {@code seed} drives its row subsampling. */
    public static GradientBoostedTrees create(BoostingHyperparameters hyperparameters, long seed) {
        return new GradientBoostedTrees(Diabetes.DATA, Diabetes.SPLIT, hyperparameters, seed);
    }

    /** Loaded on first use. */
    private static final class Diabetes {
        static final RegressionData DATA = Datasets.diabetes();
        static final DataSplit SPLIT = DataSplit.shuffled(DATA.rows(), VALIDATION_FRACTION, TEST_FRACTION, SPLIT_SEED);
    }
}
