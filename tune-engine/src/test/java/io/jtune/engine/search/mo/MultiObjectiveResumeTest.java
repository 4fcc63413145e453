package io.jtune.engine.search.mo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.jtune.api.Config;
import io.jtune.api.Mode;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.api.spi.Objective;
import io.jtune.engine.search.mo.bench.MoDriver;
import io.jtune.engine.search.mo.bench.MoProblem;
import io.jtune.engine.search.tpe.MotpeSearch;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Each multi-objective searcher restored from its saved state (a trial in flight included) suggests what the uninterrupted one does. */
class MultiObjectiveResumeTest {

    static List<Named<Supplier<MultiObjectiveSearch>>> searchers() {
        return List.of(Named.of("NSGA-II", () -> new NsgaIISearch(NsgaIISettings.defaults().withPopulationSize(10))), Named.of("MOTPE", MotpeSearch::new));
    }

    @ParameterizedTest
    @MethodSource("searchers")
    void aRestoredSearchSuggestsWhatTheUninterruptedOneDoes(Supplier<MultiObjectiveSearch> make) {
        MoProblem problem = MoProblem.dtlz2();
        MultiObjectiveSearch first = make.get();
        first.setup(MoDriver.experiment(problem, 4));
        for (int i = 0; i < 35; i++) {
            MoDriver.complete(first, problem, "t" + i, first.suggest("t" + i));
        }
        Config inFlight = first.suggest("t35");
        MultiObjectiveSearch restored = make.get();
        restored.setup(MoDriver.experiment(problem, 4));
        restored.restoreState(first.saveState());
        MoDriver.complete(first, problem, "t35", inFlight);
        MoDriver.complete(restored, problem, "t35", inFlight);
        for (int i = 36; i < 60; i++) {
            Config next = first.suggest("t" + i);
            assertEquals(next, restored.suggest("t" + i), "trial " + i);
            MoDriver.complete(first, problem, "t" + i, next);
            MoDriver.complete(restored, problem, "t" + i, next);
        }
    }

    @ParameterizedTest
    @MethodSource("searchers")
    void stateOfOtherObjectivesIsRefused(Supplier<MultiObjectiveSearch> make) {
        MultiObjectiveSearch three = make.get();
        three.setup(MoDriver.experiment(MoProblem.dtlz2(), 1));
        MoDriver.complete(three, MoProblem.dtlz2(), "t0", three.suggest("t0"));
        MultiObjectiveSearch two = make.get();
        two.setup(new ExperimentInfo("x", Path.of("."), "f1", Mode.MIN, MoProblem.dtlz2().space(), 1,
                Objective.of(List.of("f1", "f2"), List.of(Mode.MIN, Mode.MIN))));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> two.restoreState(three.saveState()));
        assertEquals("the saved search has 3 objectives per trial, but this experiment has [f1 (min), f2 (min)]: resume with the same metrics"
                + " (declare them again with metrics(...) on the restored Tuner)", e.getMessage());
    }
}
