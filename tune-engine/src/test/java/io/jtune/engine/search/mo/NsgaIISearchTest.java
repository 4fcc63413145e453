package io.jtune.engine.search.mo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Mode;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.engine.search.bench.RandomBaseline;
import io.jtune.engine.search.mo.bench.MoDriver;
import io.jtune.engine.search.mo.bench.MoProblem;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** NSGA-II: it improves on random search over generations, and names a missing objective declaration. */
class NsgaIISearchTest {

    @Test
    void laterGenerationsBeatRandomSearchOnZdt1() {
        int wins = 0;
        for (int seed = 0; seed < 5; seed++) {
            double nsga = MoDriver.hypervolume(new NsgaIISearch(NsgaIISettings.defaults().withPopulationSize(20)), MoProblem.zdt1(), seed, 400);
            double random = MoDriver.hypervolume(new RandomBaseline(), MoProblem.zdt1(), seed, 400);
            wins += nsga > random ? 1 : 0;
        }
        assertTrue(wins >= 4, "NSGA-II beat random search in " + wins + " of 5 seeds");
    }

    @Test
    void anExperimentWithoutMetricsIsRefused() {
        ExperimentInfo none = new ExperimentInfo("x", Path.of("."), null, null, SearchSpace.builder().uniform("a", 0, 1).build(), 1);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> new NsgaIISearch().setup(none));
        assertEquals("NsgaIISearch needs the metrics to optimise, but the experiment declares none: set metrics(...) on the Tuner or @Trainable(metrics = {...}, modes = {...})",
                e.getMessage());
        assertEquals(Mode.MIN, MoDriver.experiment(MoProblem.zdt1(), 1).objectives().get(1).mode());
    }
}
