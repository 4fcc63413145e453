package io.jtune.engine.search.tpe;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jtune.api.Config;
import io.jtune.api.Result;
import io.jtune.api.space.Condition;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.space.Space;
import io.jtune.engine.search.bench.Driver;
import io.jtune.engine.search.bench.Problem;
import io.jtune.engine.search.model.JsonArrays;
import io.jtune.engine.search.model.SpaceEncoding;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** TPE over a conditional space: what it records of each trial, and a resume from its saved state. */
class ConditionalTpeTest {
    private final Problem svm = Problem.svmLike(true);

    @Test
    void theEncodingMarksInactiveCoordinatesNaN() {
        SearchSpace space = SearchSpace.builder().choice("k", "a", "b").add("x", Space.choice(0.25, 0.5), Condition.of("k", "a"))
                .add("y", Space.uniform(0, 1), Condition.of("x", 0.5)).build();
        SpaceEncoding encoding = SpaceEncoding.of(space, "test");
        SplittableRandom rng = new SplittableRandom(1);
        double[] b = encoding.encode(Config.of(Map.of("k", "b")), rng);
        assertTrue(Double.isNaN(encoding.maskInactive(b)[1]) && Double.isNaN(encoding.maskInactive(b)[2]), "x and y are inactive for k=b");
        assertEquals(Config.of(Map.of("k", "b")), encoding.decode(b, rng));
        double[] a = encoding.encode(Config.of(Map.of("k", "a", "x", 0.25)), rng);
        double[] masked = encoding.maskInactive(a);
        assertEquals(a[1], masked[1], 0);
        assertTrue(Double.isNaN(masked[2]), "y is inactive: x holds 0.25, not 0.5");
        assertEquals(Config.of(Map.of("k", "a", "x", 0.25)), encoding.decode(a, rng));
    }

    @Test
    void eachTrialIsRecordedWithOnlyItsActiveCoordinatesAndTheStateResumes() throws Exception {
        TpeSearch tpe = new TpeSearch();
        Driver.run(tpe, svm, 3, 40, null, null);
        String state = tpe.saveState();
        SpaceEncoding encoding = SpaceEncoding.of(svm.space(), "test");
        int inactive = 0;
        for (JsonNode o : new ObjectMapper().readTree(state).path("observations")) {
            double[] x = JsonArrays.doubles(o.path("x"));
            assertArrayEquals(encoding.maskInactive(x), x, "an observation holds NaN exactly where its trial's parameters were inactive");
            for (double v : x) {
                inactive += Double.isNaN(v) ? 1 : 0;
            }
        }
        assertTrue(inactive > 0, "some of 40 trials leave some parameter inactive");

        TpeSearch resumed = new TpeSearch();
        resumed.setup(Driver.experiment(svm, 3));
        resumed.restoreState(state);
        for (int i = 40; i < 45; i++) {
            Config next = tpe.suggest("t" + i);
            assertEquals(next, resumed.suggest("t" + i));
            Result r = Result.of(Map.of(Driver.METRIC, svm.function().applyAsDouble(next)));
            tpe.onTrialComplete("t" + i, r, false);
            resumed.onTrialComplete("t" + i, r, false);
        }
    }
}
