package io.jtune.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import org.junit.jupiter.api.Test;

class ResultTest {

    private static Result result(double loss, String... extraKeys) {
        LinkedHashMap<String, Object> values = new LinkedHashMap<>();
        values.put("loss", loss);
        values.put(Result.TRAINING_ITERATION, 3L);
        values.put(Result.DONE, true);
        values.put("note", null);
        for (String k : extraKeys) {
            values.put(k, k.length());
        }
        return Result.wrap(values);
    }

    @Test
    void aCompactResultEqualsTheOriginalInOrderAndValue() {
        Result original = result(0.25, "zeta", "alpha");
        Result compact = original.compact();
        assertEquals(original, compact);
        assertEquals(compact, original);
        assertEquals(original.hashCode(), compact.hashCode());
        assertEquals(List.copyOf(original.asMap().keySet()), List.copyOf(compact.asMap().keySet()), "key order kept");
        assertEquals(0.25, compact.getDouble("loss"));
        assertEquals(3, compact.trainingIteration());
        assertTrue(compact.done());
        assertTrue(compact.has("note"));
        assertNull(compact.get("note"));
        assertFalse(compact.has("missing"));
        assertEquals(4, compact.get("zeta"));
        assertSame(compact, compact.compact());
        assertThrows(UnsupportedOperationException.class, () -> compact.asMap().put("x", 1));
    }

    @Test
    void resultsWithOtherKeysStayThemselves() {
        Result a = result(1, "x").compact();
        Result b = result(2, "y", "z").compact();
        Result c = result(3, "x").compact();
        assertEquals(result(1, "x"), a);
        assertEquals(result(2, "y", "z"), b);
        assertEquals(result(3, "x"), c);
        assertFalse(a.equals(c));
    }

    @Test
    void withDoneEqualsACopyWithDoneSetAndLeavesTheResultAsItWas() {
        LinkedHashMap<String, Object> values = new LinkedHashMap<>();
        values.put("loss", 0.5);
        values.put(Result.DONE, false);
        values.put(Result.TRAINING_ITERATION, 4L);
        Result running = Result.wrap(new LinkedHashMap<>(values));
        Result done = running.withDone();

        LinkedHashMap<String, Object> expected = new LinkedHashMap<>(values);
        expected.put(Result.DONE, true);
        assertEquals(Result.wrap(expected), done);
        assertEquals(List.copyOf(expected.entrySet()), List.copyOf(done.asMap().entrySet()), "same entries in the same order");
        LinkedHashMap<String, Object> walked = new LinkedHashMap<>();
        done.asMap().forEach(walked::put);
        assertEquals(List.copyOf(expected.entrySet()), List.copyOf(walked.entrySet()), "forEach walks the same entries in the same order");
        assertEquals(expected.hashCode(), done.hashCode());
        assertTrue(done.done());
        assertEquals(Boolean.TRUE, done.get(Result.DONE));
        assertEquals(1.0, done.getDouble(Result.DONE));
        assertEquals(3, done.asMap().size());
        assertEquals(done, done.compact());
        assertFalse(running.done(), "the result it was made from is unchanged");
        assertSame(done, done.withDone());
    }

    @Test
    void withDoneAddsDoneLastWhenTheResultHasNone() {
        Result result = Result.of(java.util.Map.of("loss", 1.0));
        Result done = result.withDone();
        assertEquals(List.of("loss", Result.DONE), List.copyOf(done.asMap().keySet()));
        List<Object> walked = new java.util.ArrayList<>();
        done.asMap().forEach((key, value) -> walked.add(key + "=" + value));
        assertEquals(List.of("loss=1.0", "done=true"), walked);
        assertTrue(done.has(Result.DONE));
        assertEquals(2, done.asMap().size());
        assertFalse(result.has(Result.DONE));
    }
}
