package io.jtune.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.TrialStatus;
import io.jtune.engine.TrialOutcome;
import io.jtune.engine.Tuner;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ASHA sample through the engine, with fewer samples than its main runs. */
class DigitsMlpAshaTest {
    private static final int SAMPLES = 10;

    @TempDir
    Path storage;

    @Test
    void ashaStopsWeakTrialsEarlyAndTheBestCheckpointScoresWellOnTheTestRows() throws Exception {
        DigitsTuning.Outcome outcome = DigitsTuning.run(Tuner.of(DigitsMlpAsha.class)
                .numSamples(SAMPLES).storagePath(storage).progress(false));

        assertEquals(SAMPLES, outcome.grid().size());
        assertEquals(SAMPLES, outcome.grid().numTerminated());
        long stoppedEarly = outcome.grid().trials().stream().filter(t -> t.history().size() < DigitsMlpAsha.MAX_EPOCHS).count();
        assertTrue(stoppedEarly > 0, "ASHA stops some of the trials before " + DigitsMlpAsha.MAX_EPOCHS + " epochs");
        for (TrialOutcome trial : outcome.grid().trials()) {
            assertEquals(TrialStatus.TERMINATED, trial.status());
            assertTrue(trial.history().size() <= DigitsMlpAsha.MAX_EPOCHS, trial.id() + " ran " + trial.history().size() + " epochs");
        }

        assertTrue(outcome.best().value() > 0.9, "best validation accuracy " + outcome.best().value());
        assertTrue(outcome.testAccuracy() > 0.9, "test accuracy of the best checkpoint " + outcome.testAccuracy());
        assertTrue(Files.exists(outcome.checkpoint().resolve("mlp.bin")));
        assertTrue(outcome.checkpoint().startsWith(storage));

        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        outcome.print(new PrintStream(printed, true, StandardCharsets.UTF_8));
        String text = printed.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("Best config: "), text);
        assertTrue(text.contains("Trials: " + SAMPLES + " (" + SAMPLES + " terminated, 0 errored)"), text);
    }
}
