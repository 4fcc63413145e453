package io.jtune.engine.annotated;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import example.models.Descent;
import io.jtune.api.Config;
import io.jtune.api.ResourceRequest;
import io.jtune.api.TrialStatus;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.TrialOutcome;
import io.jtune.engine.Tuner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An annotated class tuned through the {@link Tuner} exactly as its annotations declare: the
 * trials, their sampled parameters, their results, their checkpoints and the reuse of instances.
 */
class AnnotatedTunerEndToEndTest {
    private static final int STEPS = 10;

    @TempDir
    Path storage;

    @Test
    void runsTheExperimentTheAnnotationsDeclare() throws Exception {
        ResultGrid grid = Tuner.of(Descent.class).name("annotated").storagePath(storage).machineResources(new ResourceRequest(2, 0, 1L << 30, Map.of()))
                .progress(false).fit();

        assertEquals(2 * 6, grid.size(), "a grid of 2 optimizers crossed with @Samples(6)");
        assertEquals(0, grid.numErrors());
        Set<String> optimizers = new HashSet<>();
        Set<Integer> batches = new HashSet<>();
        int reused = 0;
        for (TrialOutcome t : grid.trials()) {
            assertEquals(TrialStatus.TERMINATED, t.status(), t.name());
            assertEquals(STEPS, t.history().size(), "@Stop(iterations = 10)");
            assertTrue(t.dir().getFileName().toString().startsWith("descent_"), t.dir().toString());

            Config c = t.config();
            optimizers.add(c.getString("optimizer"));
            batches.add(c.getInt("batches"));
            assertTrue(c.getDouble("lr") >= 1e-3 && c.getDouble("lr") < 0.5, c::toString);
            assertTrue(c.getInt("start") >= -10 && c.getInt("start") < 10, c::toString);
            double beta = c.getDouble("beta");
            assertEquals(Math.round(beta * 10) / 10.0, beta, 1e-9, "beta is quantised to 0.1: " + beta);

            assertEquals(Descent.expectedLoss(c, STEPS), t.lastResult().getDouble("loss"), 1e-9 * Math.max(1, t.lastResult().getDouble("loss")), t.name());
            reused += t.lastResult().getDouble("resets") > 0 ? 1 : 0;

            assertEquals("checkpoint_000010", t.latestCheckpoint().path().getFileName().toString());
            String[] saved = Files.readString(t.latestCheckpoint().path().resolve("state.txt")).split(" ");
            assertEquals(t.lastResult().getDouble("w"), Double.parseDouble(saved[0]), 0, "the checkpoint holds what @Save wrote at the end");
            assertTrue(Files.isDirectory(t.dir().resolve("checkpoint_000005")), "@Checkpoint(frequency = 5)");
        }
        assertEquals(Set.of("SGD", "MOMENTUM"), optimizers);
        assertEquals(Set.of(1, 2), batches);
        assertTrue(reused > 0, "with @Reset, finished instances are reset for later trials");
        assertEquals(grid.getBestResult().value(), grid.trials().stream().mapToDouble(t -> t.lastResult().getDouble("loss")).min().orElseThrow(), 0);
    }
}
