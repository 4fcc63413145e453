package io.jtune.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.api.Result;
import io.jtune.engine.TrialOutcome;
import io.jtune.engine.Tuner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The PBT sample through the engine, with a smaller population than its main runs. */
class DigitsMlpPbtTest {
    private static final int POPULATION = 4;

    @TempDir
    Path storage;

    @Test
    void weakTrialsTakeOverAStrongTrialsWeightsWithAMutatedLearningRate() throws Exception {
        DigitsTuning.Outcome outcome = DigitsTuning.run(Tuner.of(DigitsMlpPbt.class)
                .numSamples(POPULATION).storagePath(storage).progress(false));

        assertEquals(POPULATION, outcome.grid().numTerminated());
        assertTrue(Files.size(outcome.grid().experimentDir().resolve("pbt_global.txt")) > 0, "exploits are logged");
        long mutated = outcome.grid().trials().stream().filter(DigitsMlpPbtTest::learningRateChanged).count();
        assertTrue(mutated > 0, "some trial continues with another learning rate than it started with");
        for (TrialOutcome trial : outcome.grid().trials()) {
            // training_iteration goes on from the checkpoint a trial exploits, so its weights have trained the epochs its iteration says
            assertTrue(trial.lastResult().trainingIteration() >= DigitsMlpPbt.EPOCHS, trial.id() + " trains to epoch " + DigitsMlpPbt.EPOCHS);
        }
        assertTrue(outcome.best().value() > 0.9, "best validation accuracy " + outcome.best().value());
        assertTrue(outcome.testAccuracy() > 0.9, "test accuracy of the best checkpoint " + outcome.testAccuracy());
    }

    private static boolean learningRateChanged(TrialOutcome trial) {
        List<Object> rates = trial.history().stream().map(DigitsMlpPbtTest::learningRate).distinct().toList();
        return rates.size() > 1;
    }

    private static Object learningRate(Result result) {
        Object config = result.get(Result.CONFIG);
        return config instanceof Config c ? c.get(DigitsMlpTrainable.LEARNING_RATE)
                : ((Map<?, ?>) config).get(DigitsMlpTrainable.LEARNING_RATE);
    }
}
