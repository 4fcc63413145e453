package io.jtune.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.engine.ResultGrid;
import io.jtune.engine.Tuner;
import io.jtune.engine.stop.Stoppers;
import io.jtune.xgboost.BoosterCheckpoint;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Fashion-MNIST sample through the engine, with fewer trials and rounds than its main runs. */
class FashionXgboostAshaTest {
    private static final int SAMPLES = 2;
    private static final int ROUNDS = 3;

    @TempDir
    Path storage;

    @Test
    void theBestBoostersCheckpointIsScoredOnTheHeldOutTestImages() {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        FashionHeldOutAccuracy heldOut = new FashionHeldOutAccuracy(new PrintStream(printed, true, StandardCharsets.UTF_8));
        ResultGrid grid = Tuner.of(FashionXgboostAsha.class).numSamples(SAMPLES).stop(Stoppers.maximumIteration(ROUNDS))
                .callbacks(heldOut).storagePath(storage).progress(false).fit();

        assertEquals(SAMPLES, grid.numTerminated(), grid.toString());
        ResultGrid.BestResult best = grid.getBestResult();
        assertTrue(best.lastResult().has("validation-merror"), "every eval metric of the watch is reported: " + best.lastResult());
        assertTrue(Files.exists(best.checkpoint().orElseThrow().path().resolve(BoosterCheckpoint.FILE)));
        String text = printed.toString(StandardCharsets.UTF_8);
        assertTrue(text.startsWith("Test accuracy (held out, best trial "), text);
        assertTrue(heldOut.accuracy() > 0.7, "a few rounds of boosting on 10,000 images classify most test images: " + text);
    }
}
