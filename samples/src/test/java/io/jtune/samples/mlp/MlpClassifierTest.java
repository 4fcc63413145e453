package io.jtune.samples.mlp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MlpClassifierTest {
    private static final MlpHyperparameters GOOD = new MlpHyperparameters(0.05, 32, 32, 0.9, 1e-4, Activation.RELU);

    @TempDir
    Path temp;

    @Test
    void learnsDigitsFarBetterThanChanceWithinFiveEpochs() {
        MlpClassifier model = DigitsClassifiers.create(GOOD, 1);
        EpochMetrics first = model.epoch();
        EpochMetrics last = first;
        for (int e = 2; e <= 5; e++) {
            last = model.epoch();
        }
        assertEquals(5, last.epoch());
        assertTrue(last.trainLoss() < first.trainLoss(), "training loss falls: " + first + " -> " + last);
        assertTrue(last.validationAccuracy() > 0.90, "validation accuracy " + last.validationAccuracy() + " (chance is 0.1)");
        assertTrue(model.test().accuracy() > 0.88, "test accuracy " + model.test().accuracy());
        assertEquals(last.validationAccuracy(), model.validation().accuracy());
    }

    @Test
    void bothActivationsLearn() {
        MlpClassifier model = DigitsClassifiers.create(new MlpHyperparameters(0.1, 24, 16, 0.8, 0, Activation.TANH), 3);
        EpochMetrics metrics = null;
        for (int e = 0; e < 4; e++) {
            metrics = model.epoch();
        }
        assertTrue(metrics.validationAccuracy() > 0.85, "tanh validation accuracy " + metrics.validationAccuracy());
    }

    @Test
    void theSameSeedGivesIdenticalRunsAndAnotherSeedADifferentOne() {
        List<EpochMetrics> a = run(DigitsClassifiers.create(GOOD, 5), 3);
        List<EpochMetrics> b = run(DigitsClassifiers.create(GOOD, 5), 3);
        List<EpochMetrics> c = run(DigitsClassifiers.create(GOOD, 6), 3);
        assertEquals(a, b);
        assertNotEquals(a.get(2).trainLoss(), c.get(2).trainLoss());
    }

    @Test
    void saveRestoreContinueIsBitIdenticalToAnUninterruptedRun() throws IOException {
        MlpClassifier uninterrupted = DigitsClassifiers.create(GOOD, 9);
        List<EpochMetrics> expected = run(uninterrupted, 6);

        MlpClassifier first = DigitsClassifiers.create(GOOD, 9);
        run(first, 3);
        Path checkpoint = Files.createDirectory(temp.resolve("checkpoint_000003"));
        first.save(checkpoint);
        MlpClassifier resumed = DigitsClassifiers.create(GOOD, 12345); // the seed is overridden by the checkpoint
        resumed.restore(checkpoint);
        assertEquals(3, resumed.epochsCompleted());
        List<EpochMetrics> continued = run(resumed, 3);

        assertEquals(expected.subList(3, 6), continued);
        Path a = Files.createDirectory(temp.resolve("a"));
        Path b = Files.createDirectory(temp.resolve("b"));
        uninterrupted.save(a);
        resumed.save(b);
        assertArrayEquals(Files.readAllBytes(a.resolve(MlpCheckpoint.FILE_NAME)), Files.readAllBytes(b.resolve(MlpCheckpoint.FILE_NAME)));
    }

    @Test
    void aCheckpointRestoresIntoAModelWithAnotherLearningRateAsPbtNeeds() throws IOException {
        MlpClassifier donor = DigitsClassifiers.create(GOOD, 4);
        run(donor, 2);
        donor.save(temp);
        MlpClassifier exploiting = DigitsClassifiers.create(GOOD.withLearningRate(0.01), 8);
        exploiting.restore(temp);
        assertEquals(donor.validation(), exploiting.validation());
        assertEquals(0.01, exploiting.hyperparameters().learningRate());
        EpochMetrics next = exploiting.epoch();
        assertEquals(3, next.epoch());
        assertNotEquals(donor.epoch(), next, "the new learning rate is used");
    }

    @Test
    void aCheckpointOfAnotherShapeIsRejectedNamingTheDifference() throws IOException {
        DigitsClassifiers.create(GOOD, 1).save(temp);
        MlpClassifier wider = DigitsClassifiers.create(new MlpHyperparameters(0.05, 64, 32, 0.9, 1e-4, Activation.RELU), 1);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> wider.restore(temp));
        assertTrue(e.getMessage().contains("hiddenSize 32 but this model has 64"), e.getMessage());

        MlpClassifier tanh = DigitsClassifiers.create(new MlpHyperparameters(0.05, 32, 32, 0.9, 1e-4, Activation.TANH), 1);
        e = assertThrows(IllegalArgumentException.class, () -> tanh.restore(temp));
        assertTrue(e.getMessage().contains("holds a RELU network but this model uses TANH"), e.getMessage());
    }

    @Test
    void aMissingOrDamagedCheckpointIsReportedAndLeavesTheModelUntouched() throws IOException {
        MlpClassifier model = DigitsClassifiers.create(GOOD, 1);
        Evaluation before = model.validation();
        NoSuchFileException missing = assertThrows(NoSuchFileException.class, () -> model.restore(temp));
        assertTrue(missing.getMessage().contains(MlpCheckpoint.FILE_NAME), missing.getMessage());

        DigitsClassifiers.create(GOOD, 2).save(temp);
        Path file = temp.resolve(MlpCheckpoint.FILE_NAME);
        byte[] bytes = Files.readAllBytes(file);
        Files.write(file, java.util.Arrays.copyOf(bytes, bytes.length - 8));
        IOException truncated = assertThrows(IOException.class, () -> model.restore(temp));
        assertTrue(truncated.getMessage().contains("is truncated"), truncated.getMessage());
        assertEquals(before, model.validation());
        assertEquals(0, model.epochsCompleted());

        Files.write(file, new byte[] {1, 2, 3, 4, 5, 6, 7, 8});
        IOException foreign = assertThrows(IOException.class, () -> model.restore(temp));
        assertTrue(foreign.getMessage().contains("is not in the MLP checkpoint format"), foreign.getMessage());
    }

    @Test
    void invalidHyperparametersAreRejectedByName() {
        assertEquals("learningRate must be a positive finite number, got 0.0", assertThrows(IllegalArgumentException.class,
                () -> GOOD.withLearningRate(0)).getMessage());
        assertEquals("hiddenSize must be >= 1, got 0", assertThrows(IllegalArgumentException.class,
                () -> new MlpHyperparameters(0.1, 0, 32, 0.9, 0, Activation.RELU)).getMessage());
        assertEquals("batchSize must be >= 1, got 0", assertThrows(IllegalArgumentException.class,
                () -> new MlpHyperparameters(0.1, 8, 0, 0.9, 0, Activation.RELU)).getMessage());
        assertEquals("momentum must be in [0, 1), got 1.0", assertThrows(IllegalArgumentException.class,
                () -> new MlpHyperparameters(0.1, 8, 32, 1, 0, Activation.RELU)).getMessage());
        assertEquals("l2 must be a finite number >= 0, got -1.0", assertThrows(IllegalArgumentException.class,
                () -> new MlpHyperparameters(0.1, 8, 32, 0.5, -1, Activation.RELU)).getMessage());
    }

    private static List<EpochMetrics> run(MlpClassifier model, int epochs) {
        List<EpochMetrics> metrics = new ArrayList<>();
        for (int e = 0; e < epochs; e++) {
            metrics.add(model.epoch());
        }
        return metrics;
    }
}
