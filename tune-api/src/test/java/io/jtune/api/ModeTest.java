package io.jtune.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ModeTest {

    @Test
    void nanIsNeverBetterAndAnythingBeatsNan() {
        assertFalse(Mode.MAX.isBetter(Double.NaN, 1));
        assertFalse(Mode.MIN.isBetter(Double.NaN, 1));
        assertTrue(Mode.MAX.isBetter(-5, Double.NaN));
        assertTrue(Mode.MIN.isBetter(2, 3));
        assertFalse(Mode.MIN.isBetter(3, 3));
    }

    @Test
    void parsesRayNames() {
        assertEquals(Mode.MIN, Mode.parse(" min"));
        assertEquals(Mode.MAX, Mode.parse("MAX"));
        assertEquals("max", Mode.MAX.toString());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Mode.parse("maximum"));
        assertTrue(e.getMessage().contains("maximum"));
    }
}
