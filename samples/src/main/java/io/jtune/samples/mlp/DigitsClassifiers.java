package io.jtune.samples.mlp;

import io.jtune.samples.data.ClassificationData;
import io.jtune.samples.data.DataSplit;
import io.jtune.samples.data.Datasets;

/**
 * {@link MlpClassifier}s on the shipped digits data, all sharing one split (70% training, 15%
 * validation, 15% test, from {@value #SPLIT_SEED}) so trials of an experiment are compared on the
 * same validation rows and never see the test rows. The dataset is parsed once per class loader;
 * each classifier copies the rows it uses.
 */
public final class DigitsClassifiers {
    /** The seed of the shared train/validation/test split. */
    public static final long SPLIT_SEED = 2024;
    public static final double VALIDATION_FRACTION = 0.15;
    public static final double TEST_FRACTION = 0.15;

    private DigitsClassifiers() {
    }

    /** A freshly initialised classifier; {@code seed} drives its initial weights and shuffling. */
    public static MlpClassifier create(MlpHyperparameters hyperparameters, long seed) {
        return new MlpClassifier(Digits.DATA, Digits.SPLIT, hyperparameters, seed);
    }

    /** Loaded on first use. */
    private static final class Digits {
        static final ClassificationData DATA = Datasets.digits();
        static final DataSplit SPLIT = DataSplit.shuffled(DATA.rows(), VALIDATION_FRACTION, TEST_FRACTION, SPLIT_SEED);
    }
}
