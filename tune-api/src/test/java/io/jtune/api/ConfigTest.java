package io.jtune.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import org.junit.jupiter.api.Test;

class ConfigTest {

    @Test
    void typedGettersConvertNumbersAndReadNestedPaths() {
        Config c = Config.of(Map.of("lr", 0.1, "units", 64, "model", Map.of("depth", 3L, "act", "relu")));
        assertEquals(0.1, c.getDouble("lr"));
        assertEquals(64.0, c.getDouble("units"));
        assertEquals(3, c.getInt("model/depth"));
        assertEquals("relu", c.getConfig("model").getString("act"));
        assertTrue(c.has("model/act"));
        assertFalse(c.has("model/nope"));
    }

    @Test
    void missingKeyNamesTheKeyAndTheKeysThatExist() {
        Config c = Config.of(Map.of("lr", 0.1));
        NoSuchElementException e = assertThrows(NoSuchElementException.class, () -> c.getDouble("momentum"));
        assertTrue(e.getMessage().contains("'momentum'") && e.getMessage().contains("lr"), e.getMessage());
    }

    @Test
    void wrongTypeNamesKeyAndActualValue() {
        Config c = Config.of(Map.of("act", "relu", "half", 0.5));
        ClassCastException e = assertThrows(ClassCastException.class, () -> c.getDouble("act"));
        assertTrue(e.getMessage().contains("'act'") && e.getMessage().contains("relu"), e.getMessage());
        assertThrows(ClassCastException.class, () -> c.getInt("half"));
    }

    @Test
    void isImmutableAndDeepCopied() {
        Map<String, Object> inner = new LinkedHashMap<>();
        inner.put("a", 1);
        List<Object> list = new ArrayList<>(List.of(1, 2));
        Map<String, Object> outer = new LinkedHashMap<>();
        outer.put("inner", inner);
        outer.put("list", list);
        Config c = Config.of(outer);
        inner.put("a", 2);
        list.add(3);
        assertEquals(1, c.getInt("inner/a"));
        assertEquals(List.of(1, 2), c.get("list"));
        assertThrows(UnsupportedOperationException.class, () -> c.keys().clear());
        assertThrows(UnsupportedOperationException.class, () -> ((List<?>) c.get("list")).clear());
    }

    @Test
    void flattenAndUnflattenRoundTripInOrder() {
        Map<String, Object> flat = new LinkedHashMap<>();
        flat.put("b", 1);
        flat.put("model/lr", 0.01);
        flat.put("model/units", 32);
        flat.put("a", "x");
        Config c = Config.unflatten(flat);
        assertEquals(List.of("b", "model", "a"), List.copyOf(c.keys()));
        assertEquals(flat, c.flatten());
        assertEquals(Config.of(Map.of("model", Map.of("lr", 0.01, "units", 32), "a", "x", "b", 1)), c);
    }

    @Test
    void equalityAndHashAreThoseOfAMapOfItsKeysAndValues() {
        Map<String, Object> ab = new LinkedHashMap<>();
        ab.put("a", 1);
        ab.put("b", null);
        Map<String, Object> ba = new LinkedHashMap<>();
        ba.put("b", null);
        ba.put("a", 1);
        Config c = Config.of(ab);
        assertEquals(Config.of(ba), c);
        assertEquals(ab.hashCode(), c.hashCode());
        assertNotEquals(Config.of(Map.of("a", 1)), c);
        assertNotEquals(Config.of(Map.of("a", 1, "c", 2)), c);
        assertTrue(c.has("b") && c.keys().contains("b"));
        assertNull(c.get("b"));
        assertFalse(c.keys().contains("c"));
        assertSame(Config.empty(), Config.of(Map.of()));
    }

    @Test
    void withAndMergeLeaveTheOriginalUnchanged() {
        Config c = Config.of(Map.of("lr", 0.1));
        Config d = c.with("model/units", 8).merge(Config.of(Map.of("lr", 0.2)));
        assertEquals(0.1, c.getDouble("lr"));
        assertEquals(0.2, d.getDouble("lr"));
        assertEquals(8, d.getInt("model/units"));
    }

    @Test
    void toStringShowsDoublesWithFourSignificantDigits() {
        Config c = Config.of(Map.of("a", 0.00123456)).with("b", 12.0).with("c", Math.PI).with("d", -1.5e-5).with("e", 12345.678).with("f", 7);
        assertEquals("a=0.001235,b=12,c=3.142,d=-1.5e-05,e=1.235e+04,f=7", c.toString());
    }
}
