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
    void toStringShowsFourSignificantDigits() {
        assertEquals("0.001235", Config.formatNumber(0.00123456));
        assertEquals("12", Config.formatNumber(12.0));
        assertEquals("3.142", Config.formatNumber(Math.PI));
    }

    /** Java's %.4g, trailing zeros stripped: how the tags were printed before the format was written out by hand. */
    private static String printfFourDigits(double d) {
        if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Long.toString((long) d);
        }
        return String.format(java.util.Locale.ROOT, "%.4g", d).replaceAll("(\\.\\d*?)0+(e|$)", "$1$2").replace(".e", "e").replaceAll("\\.$", "");
    }

    /** How formatNumber rounded before it worked on Double.toString's digits directly: BigDecimal, half-up to four digits. */
    private static String bigDecimalFourDigits(double d) {
        if (d == Math.rint(d) && Math.abs(d) < 1e15 || !Double.isFinite(d)) {
            return printfFourDigits(d);
        }
        java.math.BigDecimal rounded = new java.math.BigDecimal(Double.toString(d)).round(new java.math.MathContext(4, java.math.RoundingMode.HALF_UP));
        int exponent = rounded.precision() - rounded.scale() - 1;
        if (exponent >= -4 && exponent < 4) {
            String plain = rounded.setScale(3 - exponent).toPlainString();
            return plain.indexOf('.') < 0 ? plain : plain.replaceAll("0+$", "").replaceAll("\\.$", "");
        }
        String digits = rounded.unscaledValue().abs().toString().replaceAll("(.)0+$", "$1");
        String mantissa = digits.length() > 1 ? digits.charAt(0) + "." + digits.substring(1) : digits;
        return (rounded.signum() < 0 ? "-" : "") + mantissa + String.format(java.util.Locale.ROOT, "e%s%02d", exponent < 0 ? "-" : "+", Math.abs(exponent));
    }

    @Test
    void fourSignificantDigitsRoundHalfUpOnTheShortestDecimalFormAsBigDecimalDid() {
        java.util.SplittableRandom random = new java.util.SplittableRandom(7);
        List<Double> values = new java.util.ArrayList<>(List.of(9.9995, 99.995, 0.00099995, 9999.5, 99995.0, 1.00049, 1.0005, -1.0005, 0.5, 4.9e-324,
                1.7976931348623157e308, 123.45e-7, -0.000123456));
        for (int i = 0; i < 10_000; i++) {
            // five-digit decimals ending in 5 sit on the rounding boundary; the others are anywhere
            double boundary = (random.nextInt(10_000, 100_000) / 10 * 10 + 5) * Math.pow(10, random.nextInt(-15, 15));
            values.add(random.nextBoolean() ? boundary : -boundary);
            values.add((random.nextBoolean() ? 1 : -1) * random.nextDouble() * Math.pow(10, random.nextInt(-300, 300)));
            values.add(Double.longBitsToDouble(random.nextLong()));
        }
        for (double v : values) {
            assertEquals(bigDecimalFourDigits(v), Config.formatNumber(v), "formatNumber(" + v + ")");
        }
    }

    @Test
    void fourSignificantDigitsPrintAsJavasFourDigitFormatDoes() {
        java.util.SplittableRandom random = new java.util.SplittableRandom(5);
        List<Double> values = new java.util.ArrayList<>(List.of(1.5e-5, 1e-4, 9.9995e-5, 0.99995, 9999.5, 1230.4, 1e15, 1.5e15, -2.5e20, 0.5, -0.1234567,
                12345.678, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE, Double.MAX_VALUE, 0.00012345, 1.0005));
        for (int i = 0; i < 20_000; i++) {
            double magnitude = Math.pow(10, random.nextInt(-12, 20));
            values.add((random.nextBoolean() ? 1 : -1) * random.nextDouble() * magnitude);
            values.add(Math.round(random.nextDouble() * 100_000) / 10_000.0 * magnitude);
        }
        for (double v : values) {
            assertEquals(printfFourDigits(v), Config.formatNumber(v), "formatNumber(" + v + ")");
        }
    }
}
