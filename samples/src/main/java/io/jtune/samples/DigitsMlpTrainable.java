package io.jtune.samples;

import io.jtune.api.Choice;
import io.jtune.api.Config;
import io.jtune.api.LogUniform;
import io.jtune.api.Param;
import io.jtune.api.Restore;
import io.jtune.api.Save;
import io.jtune.api.Setup;
import io.jtune.api.Step;
import io.jtune.api.Uniform;
import io.jtune.samples.mlp.Activation;
import io.jtune.samples.mlp.DigitsClassifiers;
import io.jtune.samples.mlp.EpochMetrics;
import io.jtune.samples.mlp.MlpClassifier;
import io.jtune.samples.mlp.MlpHyperparameters;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The trial both digit samples tune: an MLP classifier on the 8×8 handwritten digits, one epoch a
 * training iteration, reporting {@link EpochMetrics} (so the metrics are {@code epoch},
 * {@code trainLoss}, {@code validationLoss} and {@code validationAccuracy}), with checkpoints of
 * the whole training state. The search space is its {@link Param} fields; the subclasses add how
 * it is tuned ({@link DigitsMlpAsha}, {@link DigitsMlpPbt}).
 */
public abstract class DigitsMlpTrainable {
    /** The metric both samples maximise. */
    public static final String METRIC = "validationAccuracy";
    /** Initial weights and shuffling use one seed in every trial, so trials differ only by their config. */
    static final long MODEL_SEED = 1;
    static final double WEIGHT_DECAY = 1e-4;
    static final String LEARNING_RATE = "learning_rate";
    static final String HIDDEN_SIZE = "hidden_size";
    static final String BATCH_SIZE = "batch_size";
    static final String MOMENTUM = "momentum";

    @Param(LEARNING_RATE)
    @LogUniform(min = 1e-3, max = 1)
    double learningRate;

    @Param(HIDDEN_SIZE)
    @Choice({"16", "32", "64", "128"})
    int hiddenSize;

    @Param(BATCH_SIZE)
    @Choice({"16", "32", "64", "128"})
    int batchSize;

    @Param(MOMENTUM)
    @Uniform(min = 0.5, max = 0.99)
    double momentum;

    private MlpClassifier model;

    @Setup
    void setup() {
        model = DigitsClassifiers.create(hyperparameters(), MODEL_SEED);
    }

    @Step
    EpochMetrics step() {
        return model.epoch();
    }

    @Save
    void save(Path dir) throws IOException {
        model.save(dir);
    }

    @Restore
    void restore(Path dir) throws IOException {
        model.restore(dir);
    }

    /** The model's hyperparameters from the {@link Param} fields. */
    MlpHyperparameters hyperparameters() {
        return new MlpHyperparameters(learningRate, hiddenSize, batchSize, momentum, WEIGHT_DECAY, Activation.RELU);
    }

    /** The model's hyperparameters from a trial's config. */
    static MlpHyperparameters hyperparameters(Config config) {
        return new MlpHyperparameters(config.getDouble(LEARNING_RATE), config.getInt(HIDDEN_SIZE), config.getInt(BATCH_SIZE),
                config.getDouble(MOMENTUM), WEIGHT_DECAY, Activation.RELU);
    }

    /** Accuracy on the held-out test rows of the classifier a checkpoint of a trial with these hyperparameters holds. */
    static double testAccuracy(MlpHyperparameters hyperparameters, Path checkpoint) throws IOException {
        MlpClassifier restored = DigitsClassifiers.create(hyperparameters, MODEL_SEED);
        restored.restore(checkpoint);
        return restored.test().accuracy();
    }
}
