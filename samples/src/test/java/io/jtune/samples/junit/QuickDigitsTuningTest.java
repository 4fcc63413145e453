package io.jtune.samples.junit;

import io.jtune.api.Asha;
import io.jtune.api.Choice;
import io.jtune.api.Expect;
import io.jtune.api.LogUniform;
import io.jtune.api.Param;
import io.jtune.api.Samples;
import io.jtune.api.Seed;
import io.jtune.api.Setup;
import io.jtune.api.Step;
import io.jtune.api.Stop;
import io.jtune.api.Trainable;
import io.jtune.samples.mlp.Activation;
import io.jtune.samples.mlp.DigitsClassifiers;
import io.jtune.samples.mlp.EpochMetrics;
import io.jtune.samples.mlp.MlpClassifier;
import io.jtune.samples.mlp.MlpHyperparameters;

/**
 * A tuning test: {@code mvn test} runs this experiment through the jtune JUnit engine (its name
 * ends in {@code Test}, so Surefire's default includes select it) and the test report lists each
 * trial. Six configurations of the digit MLP race for validation accuracy under ASHA for at most
 * four epochs; the build fails when the best of them no longer reaches 80% — tuning as a
 * regression gate.
 */
@Trainable(metric = "validationAccuracy", mode = "max")
@Asha(maxT = QuickDigitsTuningTest.EPOCHS, gracePeriod = 1, reductionFactor = 2)
@Stop(iterations = QuickDigitsTuningTest.EPOCHS)
@Samples(QuickDigitsTuningTest.SAMPLES)
@Seed(2024)
@Expect(atLeast = 0.8)
public class QuickDigitsTuningTest {
    static final int SAMPLES = 6;
    static final int EPOCHS = 4;

    @Param("learning_rate")
    @LogUniform(min = 0.01, max = 0.5)
    double learningRate;

    @Param("hidden_size")
    @Choice({"16", "32"})
    int hiddenSize;

    private MlpClassifier model;

    @Setup
    public void setup() {
        model = DigitsClassifiers.create(new MlpHyperparameters(learningRate, hiddenSize, 32, 0.9, 1e-4, Activation.RELU), 1);
    }

    @Step
    public EpochMetrics step() {
        return model.epoch();
    }
}
