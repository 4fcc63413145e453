package io.jtune.samples.boosting;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.samples.data.DataSplit;
import io.jtune.samples.data.Datasets;
import io.jtune.samples.data.RegressionData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GradientBoostedTreesTest {
    private static final BoostingHyperparameters GOOD = new BoostingHyperparameters(0.05, 2, 5, 0.8);

    private static RegressionData diabetes;
    private static DataSplit split;

    @TempDir
    Path temp;

    @BeforeAll
    static void loadDiabetes() {
        diabetes = Datasets.diabetes();
        split = DataSplit.shuffled(diabetes.rows(), DiabetesRegressors.VALIDATION_FRACTION, DiabetesRegressors.TEST_FRACTION,
                DiabetesRegressors.SPLIT_SEED);
    }

    @Test
    void beatsPredictingTheTrainingMeanOnHeldOutRows() {
        GradientBoostedTrees model = DiabetesRegressors.create(GOOD, 1);
        BoostingMetrics metrics = model.grow(100);
        assertEquals(100, metrics.trees());

        RegressionData test = diabetes.subset(split.test());
        double trainMean = Arrays.stream(diabetes.subset(split.train()).y()).average().orElseThrow();
        double[] meanPrediction = new double[test.rows()];
        Arrays.fill(meanPrediction, trainMean);
        RegressionScore baseline = RegressionScore.of(meanPrediction, test.y());
        RegressionScore score = model.test();
        assertTrue(score.rmse() < 0.8 * baseline.rmse(), "test RMSE " + score.rmse() + " vs mean-predictor RMSE " + baseline.rmse());
        assertTrue(score.r2() > 0.35, "test R² " + score.r2() + " (the mean predictor has " + baseline.r2() + ")");
        assertTrue(metrics.validation().r2() > 0.3, "validation R² " + metrics.validation().r2());
    }

    @Test
    void anEnsembleOfNoTreesPredictsTheTrainingMean() {
        GradientBoostedTrees model = DiabetesRegressors.create(GOOD, 1);
        BoostingMetrics empty = model.metrics();
        assertEquals(0, empty.trees());
        assertEquals(0, empty.train().r2(), 1e-12, "the training mean has R² 0 on the training rows");
    }

    @Test
    void trainingErrorNeverRisesWithoutSubsampling() {
        GradientBoostedTrees model = DiabetesRegressors.create(new BoostingHyperparameters(0.3, 3, 2, 1), 1);
        double previous = model.metrics().train().rmse();
        for (int i = 0; i < 30; i++) {
            double now = model.grow(1).train().rmse();
            assertTrue(now <= previous + 1e-9, "tree " + (i + 1) + ": " + previous + " -> " + now);
            previous = now;
        }
        assertTrue(previous < 45, "a strong learning rate fits the training rows closely: " + previous);
    }

    @Test
    void aHighLearningRateOverfitsWhereALowOneDoesNot() {
        GradientBoostedTrees careful = DiabetesRegressors.create(new BoostingHyperparameters(0.02, 2, 5, 1), 1);
        GradientBoostedTrees greedy = DiabetesRegressors.create(new BoostingHyperparameters(0.5, 4, 1, 1), 1);
        careful.grow(150);
        greedy.grow(150);
        assertTrue(greedy.metrics().train().rmse() < careful.metrics().train().rmse());
        assertTrue(greedy.metrics().validation().rmse() > careful.metrics().validation().rmse(),
                "greedy " + greedy.metrics() + " vs careful " + careful.metrics());
    }

    @Test
    void saveRestoreContinueIsBitIdenticalToAnUninterruptedRun() throws IOException {
        GradientBoostedTrees uninterrupted = DiabetesRegressors.create(GOOD, 7);
        List<BoostingMetrics> expected = grow(uninterrupted, 6);

        GradientBoostedTrees first = DiabetesRegressors.create(GOOD, 7);
        grow(first, 3);
        Path checkpoint = Files.createDirectory(temp.resolve("checkpoint"));
        first.save(checkpoint);
        GradientBoostedTrees resumed = DiabetesRegressors.create(GOOD, 999);
        resumed.restore(checkpoint);
        assertEquals(30, resumed.trees());
        assertEquals(first.metrics(), resumed.metrics());
        assertEquals(expected.subList(3, 6), grow(resumed, 3));
        assertEquals(uninterrupted.test(), resumed.test());

        Path a = Files.createDirectory(temp.resolve("a"));
        Path b = Files.createDirectory(temp.resolve("b"));
        uninterrupted.save(a);
        resumed.save(b);
        assertArrayEquals(Files.readAllBytes(a.resolve(BoostingCheckpoint.FILE_NAME)), Files.readAllBytes(b.resolve(BoostingCheckpoint.FILE_NAME)));
    }

    @Test
    void subsamplingDependsOnTheSeedAndFullSamplingDoesNot() {
        assertNotEquals(grow(DiabetesRegressors.create(GOOD, 1), 2), grow(DiabetesRegressors.create(GOOD, 2), 2));
        BoostingHyperparameters full = new BoostingHyperparameters(0.05, 2, 5, 1);
        assertEquals(grow(DiabetesRegressors.create(full, 1), 2), grow(DiabetesRegressors.create(full, 2), 2));
    }

    @Test
    void aCheckpointOfOtherDataIsRejected() throws IOException {
        DiabetesRegressors.create(GOOD, 1).save(temp);
        GradientBoostedTrees otherSplit = new GradientBoostedTrees(diabetes, DataSplit.shuffled(diabetes.rows(), 0.2, 0.2, 1), GOOD, 1);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> otherSplit.restore(temp));
        assertTrue(e.getMessage().contains("was trained on other data"), e.getMessage());
    }

    @Test
    void aDamagedCheckpointIsReportedAndLeavesTheModelUntouched() throws IOException {
        GradientBoostedTrees model = DiabetesRegressors.create(GOOD, 1);
        model.grow(5);
        BoostingMetrics before = model.metrics();
        GradientBoostedTrees donor = DiabetesRegressors.create(GOOD, 1);
        donor.grow(20);
        donor.save(temp);
        Path file = temp.resolve(BoostingCheckpoint.FILE_NAME);
        byte[] bytes = Files.readAllBytes(file);
        Files.write(file, Arrays.copyOf(bytes, bytes.length / 2));
        IOException e = assertThrows(IOException.class, () -> model.restore(temp));
        assertTrue(e.getMessage().contains("is truncated"), e.getMessage());
        assertEquals(before, model.metrics());
    }

    @Test
    void invalidHyperparametersAreRejectedByName() {
        assertEquals("learningRate must be in (0, 1], got 1.5",
                assertThrows(IllegalArgumentException.class, () -> new BoostingHyperparameters(1.5, 2, 1, 1)).getMessage());
        assertEquals("maxDepth must be in [1, 15], got 0",
                assertThrows(IllegalArgumentException.class, () -> new BoostingHyperparameters(0.1, 0, 1, 1)).getMessage());
        assertEquals("minSamplesLeaf must be >= 1, got 0",
                assertThrows(IllegalArgumentException.class, () -> new BoostingHyperparameters(0.1, 2, 0, 1)).getMessage());
        assertEquals("subsample must be in (0, 1], got 0.0",
                assertThrows(IllegalArgumentException.class, () -> new BoostingHyperparameters(0.1, 2, 1, 0)).getMessage());
        GradientBoostedTrees model = DiabetesRegressors.create(GOOD, 1);
        assertThrows(IllegalArgumentException.class, () -> model.grow(0));
    }

    private static List<BoostingMetrics> grow(GradientBoostedTrees model, int rounds) {
        List<BoostingMetrics> metrics = new ArrayList<>();
        for (int i = 0; i < rounds; i++) {
            metrics.add(model.grow(10));
        }
        return metrics;
    }
}
