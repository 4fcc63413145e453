package io.jtune.engine.annotated;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import example.models.Optimizers;
import io.jtune.api.Config;
import io.jtune.api.ResourceRequest;
import io.jtune.api.TrialStatus;
import io.jtune.api.space.Condition;
import io.jtune.api.spi.SearchAlgorithm;
import io.jtune.api.trainable.ClassTrainable;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.TrialOutcome;
import io.jtune.engine.Tuner;
import io.jtune.engine.search.BasicVariantGenerator;
import io.jtune.engine.search.tpe.TpeSearch;
import io.jtune.engine.search.tpe.TpeSettings;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code @Param(when = ...)}: the space's conditions, what inactive fields hold, and configs holding only active parameters. */
class ConditionalParamsTest {
    @TempDir
    Path storage;

    @Test
    void whenBecomesAConditionOfTheSpace() {
        assertEquals(Map.of("momentum", Condition.of("optimizer", "sgd"), "beta2", Condition.of("optimizer", "adam"), "nesterov", Condition.of("momentum", 0.9, 0.99)),
                AnnotatedTrainables.experiment(Optimizers.class).space().conditions());
    }

    @Test
    void anInactiveFieldKeepsItsInitialValueAlsoWhenTheInstanceIsReused() throws Exception {
        ClassTrainable t = AnnotatedTrainables.factory(Optimizers.class).get();
        t.setup(Config.of(Map.of("optimizer", "adam", "lr", 0.01, "beta2", 0.95)));
        assertFields(t, Optimizers.DEFAULT_MOMENTUM, 0.95, "null");

        Config sgd = Config.of(Map.of("optimizer", "sgd", "lr", 0.01, "momentum", 0.9, "nesterov", true));
        assertTrue(t.reset(sgd));
        assertFields(t, 0.9, 0.0, "true");

        assertTrue(t.reset(Config.of(Map.of("optimizer", "sgd", "lr", 0.01, "momentum", 0.5))));
        assertFields(t, 0.5, 0.0, "null");

        assertTrue(t.reset(Config.of(Map.of("optimizer", "adam", "lr", 0.01, "beta2", 0.99))));
        assertFields(t, Optimizers.DEFAULT_MOMENTUM, 0.99, "null");
    }

    private static void assertFields(ClassTrainable t, double momentum, double beta2, String nesterov) throws Exception {
        Map<String, ?> m = t.step();
        assertEquals(momentum, m.get("momentum_field"));
        assertEquals(beta2, m.get("beta2_field"));
        assertEquals(nesterov, m.get("nesterov_field"));
    }

    static List<Named<Supplier<SearchAlgorithm>>> searchers() {
        return List.of(Named.of("as annotated (TPE)", () -> null),
                Named.of("random", () -> new BasicVariantGenerator(24)),
                Named.of("TPE multivariate", () -> new TpeSearch(TpeSettings.defaults().withNStartupTrials(8).withMultivariate(true))));
    }

    @ParameterizedTest
    @MethodSource("searchers")
    void everyTrialGetsExactlyItsActiveParameters(Supplier<SearchAlgorithm> searcher) throws Exception {
        Tuner tuner = Tuner.of(Optimizers.class).name("conditional").storagePath(storage).machineResources(new ResourceRequest(2, 0, 1L << 30, Map.of())).progress(false);
        SearchAlgorithm s = searcher.get();
        ResultGrid grid = (s == null ? tuner : tuner.searcher(s)).fit();

        assertEquals(24, grid.size());
        Set<String> optimizers = grid.trials().stream().map(t -> t.config().getString("optimizer")).collect(Collectors.toSet());
        assertEquals(Set.of("sgd", "adam"), optimizers);
        for (TrialOutcome t : grid.trials()) {
            assertEquals(TrialStatus.TERMINATED, t.status(), t.name());
            Config c = t.config();
            boolean sgd = c.getString("optimizer").equals("sgd");
            assertEquals(sgd, c.has("momentum"), c::toString);
            assertEquals(!sgd, c.has("beta2"), c::toString);
            assertEquals(sgd && c.getDouble("momentum") > 0.5, c.has("nesterov"), c::toString);
            assertEquals(sgd ? c.getDouble("momentum") : Optimizers.DEFAULT_MOMENTUM, t.lastResult().getDouble("momentum_field"), 0, c::toString);
            assertEquals(c.has("nesterov") ? String.valueOf(c.getBoolean("nesterov")) : "null", t.lastResult().get("nesterov_field"), c::toString);
        }
    }
}
