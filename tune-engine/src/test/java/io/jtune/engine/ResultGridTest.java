package io.jtune.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.api.Mode;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.TuneException;
import io.jtune.api.trainable.CheckpointDir;
import io.jtune.engine.ResultGrid.BestResult;
import io.jtune.engine.ResultGrid.Scope;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultGridTest {
    @TempDir
    Path dir;

    private static List<Result> losses(double... values) {
        List<Result> history = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            LinkedHashMap<String, Object> r = new LinkedHashMap<>();
            r.put("training_iteration", i + 1);
            r.put("loss", values[i]);
            history.add(Result.wrap(r));
        }
        return history;
    }

    private static TrialOutcome trial(String id, TrialStatus status, List<Result> history) {
        return new TrialOutcome(id, "train_" + id, Config.of(Map.of("id", id)), status, history, null, Path.of(id), null, 0);
    }

    private final TrialOutcome a = trial("a", TrialStatus.TERMINATED, losses(5, 0.5, 4));
    private final TrialOutcome b = trial("b", TrialStatus.TERMINATED, losses(3, 3, 3));
    private final TrialOutcome c = trial("c", TrialStatus.TERMINATED, losses(2, Double.NaN));
    private final TrialOutcome d = trial("d", TrialStatus.TERMINATED, losses(100, 100, 100, 100, 100, 100, 100, 1, 1, 1, 1, 1));
    private final TrialOutcome e = trial("e", TrialStatus.TERMINATED, losses(Double.NEGATIVE_INFINITY));
    private final ResultGrid grid = new ResultGrid(List.of(a, b, c, d, e), "loss", Mode.MIN, dir);

    private String best(String metric, Mode mode, Scope scope) {
        BestResult best = grid.getBestResult(metric, mode, scope);
        return best.trial().id() + "=" + best.value();
    }

    @Test
    void picksTheBestTrialUnderEachOfRaysScopes() {
        assertEquals("d=1.0", best("loss", Mode.MIN, Scope.LAST), "c's last value is NaN, e's is -inf: neither counts");
        assertEquals("a=0.5", best("loss", Mode.MIN, Scope.ALL));
        assertEquals("b=3.0", best("loss", Mode.MIN, Scope.AVG), "a averages 3.1667, d 58.75, c NaN");
        assertEquals("d=1.0", best("loss", Mode.MIN, Scope.LAST_5_AVG));
        assertEquals("b=3.0", best("loss", Mode.MIN, Scope.LAST_10_AVG), "d's last ten average 50.5");
        assertEquals("a=4.0", best("loss", Mode.MAX, Scope.LAST));
        assertEquals("d=100.0", best("loss", Mode.MAX, Scope.ALL));
        assertEquals("d=58.75", best("loss", Mode.MAX, Scope.AVG));
    }

    @Test
    void theDefaultIsTheExperimentMetricOnLastValues() {
        BestResult best = grid.getBestResult();
        assertSame(d, best.trial());
        assertEquals(Config.of(Map.of("id", "d")), best.config());
        assertTrue(best.checkpoint().isEmpty());
        assertEquals(12L, best.lastResult().trainingIteration());

        TuneException e = assertThrows(TuneException.class, () -> new ResultGrid(List.of(a), null, null, dir).getBestResult());
        assertTrue(e.getMessage().contains("no default metric"), e.getMessage());
    }

    @Test
    void anUnreportedMetricIsAnErrorNamingTheReportedOnes() {
        TuneException e = assertThrows(TuneException.class, () -> grid.getBestResult("acc", Mode.MAX, Scope.LAST));
        assertEquals("no trial reported metric 'acc'; the trials report [training_iteration, loss]. Pass one of these to getBestResult, or report 'acc' from the trainable",
                e.getMessage());
    }

    @Test
    void onlyNonFiniteValuesGiveNoBest() {
        ResultGrid nan = new ResultGrid(List.of(c, e), "loss", Mode.MIN, dir);
        TuneException ex = assertThrows(TuneException.class, () -> nan.getBestResult("loss", Mode.MIN, Scope.LAST));
        assertTrue(ex.getMessage().contains("every trial's last value of metric 'loss' is NaN or infinite"), ex.getMessage());
        BestResult finite = nan.getBestResult("loss", Mode.MIN, Scope.ALL);
        assertSame(c, finite.trial(), "over the whole history c has the finite value 2");
        assertEquals(2.0, finite.value());
    }

    @Test
    void listsTrialsAndErrors() {
        TrialOutcome failed = new TrialOutcome("f", "train_f", Config.empty(), TrialStatus.ERROR, List.of(), "java.lang.RuntimeException: x", Path.of("f"),
                new CheckpointDir(Path.of("f/checkpoint_000001")), 2);
        ResultGrid withError = new ResultGrid(List.of(a, failed), "loss", Mode.MIN, dir);

        assertEquals(2, withError.size());
        assertEquals(List.of(failed), withError.errors());
        assertEquals(1, withError.numErrors());
        assertEquals(1, withError.numTerminated());
        assertNull(failed.lastResult());
        assertSame(a, withError.get(0));
        assertEquals(Scope.LAST_5_AVG, Scope.parse("last-5-avg"));
        assertThrows(IllegalArgumentException.class, () -> Scope.parse("first"));
    }

    @Test
    void exportsOneRowPerTrialWithConfigLeavesAndLastMetrics() throws IOException {
        LinkedHashMap<String, Object> last = new LinkedHashMap<>();
        last.put("trial_id", "x");
        last.put("loss", Double.NaN);
        last.put("extra", Map.of("k", "v,w"));
        last.put("config", Config.of(Map.of("ignored", 1)));
        TrialOutcome x = new TrialOutcome("x", "train_x", Config.of(Map.of("lr", 0.1)).with("model/units", 8), TrialStatus.ERROR, List.of(Result.wrap(last)),
                "trace", Path.of("x"), null, 1);
        TrialOutcome y = new TrialOutcome("y", "train_y", Config.of(Map.of("lr", 0.2)), TrialStatus.PENDING, List.of(), null, Path.of("y"), null, 0);
        Path file = dir.resolve("out/trials.csv");

        new ResultGrid(List.of(x, y), "loss", Mode.MIN, dir).exportCsv(file);

        assertEquals(List.of("trial_id,status,config/lr,config/model/units,loss,extra/k", "x,ERROR,0.1,8,nan,\"v,w\"", "y,PENDING,0.2,,,"), Files.readAllLines(file));
    }
}
