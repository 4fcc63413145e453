package io.jtune.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.engine.Tuner;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The line tune:run and the samples' mains end a digit experiment with: the best checkpoint's held-out test accuracy. */
class HeldOutTestAccuracyTest {
    private static final Pattern LINE = Pattern.compile("Test accuracy \\(held out, best trial (\\S+), (checkpoint_\\d+)\\): (0\\.\\d{4})\\R");

    @TempDir
    Path storage;

    @Test
    void scoresTheBestTrialsLatestCheckpointOnTheTestRows() throws Exception {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        DigitsTuning.Outcome outcome = DigitsTuning.run(Tuner.of(DigitsMlpAsha.class).numSamples(4).storagePath(storage).progress(false)
                .callbacks(new HeldOutTestAccuracy(new PrintStream(printed, true, StandardCharsets.UTF_8))));

        String text = printed.toString(StandardCharsets.UTF_8);
        Matcher line = LINE.matcher(text);
        assertTrue(line.find(), text);
        assertEquals(outcome.best().trial().id(), line.group(1), "the best trial by last validation accuracy");
        assertEquals(outcome.checkpoint().getFileName().toString(), line.group(2));
        assertEquals(String.format(Locale.ROOT, "%.4f", outcome.testAccuracy()), line.group(3), "the score DigitsTuning computes on its own");
    }

    @Test
    void leavesOtherExperimentsAlone() throws Exception {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        Tuner.of(DiabetesFunctionApi.class.getSimpleName(), (config, session) -> session.report(java.util.Map.of("loss", 1.0)))
                .storagePath(storage).progress(false)
                .callbacks(new HeldOutTestAccuracy(new PrintStream(printed, true, StandardCharsets.UTF_8))).fit();
        assertEquals("", printed.toString(StandardCharsets.UTF_8));
    }
}
