package io.jtune.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.samples.mlp.EpochMetrics;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The trial's lifecycle called as the engine calls it: fields injected, setup, steps, save, restore into a fresh instance. */
class DigitsMlpTrainableTest {

    @TempDir
    Path checkpoint;

    private static DigitsMlpTrainable trial(double learningRate) {
        DigitsMlpTrainable trial = new DigitsMlpTrainable() { };
        trial.learningRate = learningRate;
        trial.hiddenSize = 32;
        trial.batchSize = 32;
        trial.momentum = 0.9;
        trial.setup();
        return trial;
    }

    @Test
    void stepsAreEpochsWhoseValidationAccuracyRises() {
        DigitsMlpTrainable trial = trial(0.05);
        EpochMetrics first = trial.step();
        EpochMetrics third = null;
        for (int i = 0; i < 2; i++) {
            third = trial.step();
        }
        assertEquals(1, first.epoch());
        assertEquals(3, third.epoch());
        assertTrue(third.validationAccuracy() > 0.9, "validation accuracy after 3 epochs " + third.validationAccuracy());
    }

    @Test
    void aRestoredTrialContinuesAsTheSavedOneAndUsesItsOwnLearningRate() throws Exception {
        DigitsMlpTrainable saved = trial(0.05);
        saved.step();
        saved.step();
        saved.save(checkpoint);

        DigitsMlpTrainable sameConfig = trial(0.05);
        sameConfig.restore(checkpoint);
        DigitsMlpTrainable mutated = trial(0.02); // what PBT does: the donor's weights, an explored learning rate
        mutated.restore(checkpoint);

        EpochMetrics next = saved.step();
        assertEquals(next, sameConfig.step());
        EpochMetrics explored = mutated.step();
        assertEquals(3, explored.epoch());
        assertNotEquals(next.trainLoss(), explored.trainLoss());
    }

    @Test
    void theTestAccuracyOfACheckpointIsTheSavedModelsOwn() throws Exception {
        DigitsMlpTrainable trained = trial(0.05);
        for (int i = 0; i < 4; i++) {
            trained.step();
        }
        trained.save(checkpoint);
        double fromCheckpoint = DigitsMlpTrainable.testAccuracy(trained.hyperparameters(), checkpoint);
        assertTrue(fromCheckpoint > 0.9, "test accuracy " + fromCheckpoint);
        assertNotEquals(fromCheckpoint, DigitsMlpTrainable.testAccuracy(trained.hyperparameters(), freshCheckpoint()));
    }

    private Path freshCheckpoint() throws Exception {
        Path dir = Files.createDirectory(checkpoint.resolve("untrained"));
        trial(0.05).save(dir);
        return dir;
    }
}
