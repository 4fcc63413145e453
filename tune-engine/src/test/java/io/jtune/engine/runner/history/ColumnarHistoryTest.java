package io.jtune.engine.runner.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.jtune.api.Config;
import io.jtune.api.Result;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ColumnarHistoryTest {
    private static final Config CONFIG = Config.of(Map.of("lr", 0.1));

    /** A result whose values change type, repeat, count up or jump at random, with an occasional other key order. */
    private static Result randomResult(SplittableRandom random, long row) {
        LinkedHashMap<String, Object> values = new LinkedHashMap<>();
        if (random.nextInt(10) == 0) {
            values.put("extra", "x" + random.nextInt(3));
        }
        values.put("training_iteration", random.nextInt(8) == 0 ? row + 5 : row + 1);
        values.put("loss", random.nextInt(3) == 0 ? 0.5 : random.nextDouble());
        values.put("count", random.nextInt(4) == 0 ? (Object) random.nextInt(3) : (Object) (long) random.nextInt(3));
        values.put("done", random.nextInt(5) == 0);
        values.put("note", random.nextInt(6) == 0 ? null : "same");
        values.put("nan", Double.NaN);
        values.put("config", CONFIG);
        return Result.wrap(values);
    }

    @Test
    void trialsSharingKeyListsAndColumnsEachReadBackTheirOwnResults() {
        SplittableRandom random = new SplittableRandom(7);
        ColumnarHistory.KeyLists keyLists = new ColumnarHistory.KeyLists();
        List<ColumnarHistory> histories = new ArrayList<>();
        List<List<Result>> expected = new ArrayList<>();
        for (int t = 0; t < 20; t++) {
            histories.add(new ColumnarHistory(keyLists));
            expected.add(new ArrayList<>());
        }
        for (int i = 0; i < 2000; i++) {
            int t = random.nextInt(histories.size());
            Result r = randomResult(random, expected.get(t).size());
            histories.get(t).add(r);
            expected.get(t).add(r);
        }
        for (int t = 0; t < histories.size(); t++) {
            assertEquals(expected.get(t), histories.get(t).read(), "trial " + t);
        }
    }

    @Test
    void readsBackEqualResultsInOrderAfterAddsAndCuts() {
        SplittableRandom random = new SplittableRandom(42);
        for (int round = 0; round < 200; round++) {
            ColumnarHistory history = new ColumnarHistory(new ColumnarHistory.KeyLists());
            List<Result> expected = new ArrayList<>();
            int steps = random.nextInt(40);
            for (int i = 0; i < steps; i++) {
                if (random.nextInt(10) == 0) {
                    int keep = random.nextInt(expected.size() + 1);
                    history.keep(keep);
                    expected.subList(keep, expected.size()).clear();
                } else {
                    Result r = randomResult(random, expected.size());
                    history.add(r);
                    expected.add(r);
                }
                assertEquals(expected.size(), history.size());
            }
            List<Result> read = history.read();
            assertEquals(expected, read, "round " + round);
            for (int i = 0; i < read.size(); i++) {
                assertEquals(List.copyOf(expected.get(i).asMap().keySet()), List.copyOf(read.get(i).asMap().keySet()), "key order");
                for (Map.Entry<String, Object> e : expected.get(i).asMap().entrySet()) {
                    Object value = read.get(i).get(e.getKey());
                    assertEquals(e.getValue() == null ? null : e.getValue().getClass(), value == null ? null : value.getClass(), e.getKey() + " keeps its type");
                }
            }
        }
    }

    @Test
    void aResetReplacesTheResultsAndSharesTheConfig() {
        ColumnarHistory history = new ColumnarHistory(new ColumnarHistory.KeyLists());
        SplittableRandom random = new SplittableRandom(1);
        history.add(randomResult(random, 0));
        List<Result> restored = List.of(randomResult(random, 0), randomResult(random, 1));
        history.reset(restored);
        assertEquals(restored, history.read());
        assertSame(CONFIG, history.read().get(1).get("config"));
    }

    /** Times that may repeat in two columns, and a done flag that turns true once. */
    private static Result timedResult(SplittableRandom random, long row, boolean done) {
        double total = random.nextInt(4) == 0 ? 1.0 : random.nextDouble();
        LinkedHashMap<String, Object> values = new LinkedHashMap<>();
        values.put("done", done);
        values.put("training_iteration", row + 1);
        values.put("time_total_s", total);
        values.put("time_since_restore", random.nextInt(5) == 0 ? random.nextDouble() : total);
        values.put("config", CONFIG);
        return Result.wrap(values);
    }

    @Test
    void finishingTrimsTheColumnsWithoutChangingWhatIsReadOrWhatLaterAddsAndCutsGive() {
        SplittableRandom random = new SplittableRandom(11);
        for (int round = 0; round < 300; round++) {
            ColumnarHistory history = new ColumnarHistory(new ColumnarHistory.KeyLists());
            List<Result> expected = new ArrayList<>();
            int doneFrom = random.nextInt(30);
            for (int i = 0, steps = random.nextInt(40); i < steps; i++) {
                int action = random.nextInt(10);
                if (action == 0) {
                    int keep = random.nextInt(expected.size() + 1);
                    history.keep(keep);
                    expected.subList(keep, expected.size()).clear();
                } else if (action <= 2 && !expected.isEmpty()) {
                    Result last = expected.get(expected.size() - 1);
                    assertNull(history.finished(last), "the columns rebuild the last result");
                    assertEquals(last, history.last(), "round " + round);
                } else {
                    Result r = random.nextInt(6) == 0 ? randomResult(random, expected.size()) : timedResult(random, expected.size(), i >= doneFrom);
                    history.add(r);
                    expected.add(r);
                }
                assertEquals(expected, history.read(), "round " + round + " step " + i);
            }
            assertEquals(expected.isEmpty() ? null : expected.get(expected.size() - 1), history.last());
        }
    }
}
