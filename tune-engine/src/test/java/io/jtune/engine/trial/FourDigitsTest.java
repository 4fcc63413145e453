package io.jtune.engine.trial;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jtune.api.Config;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FourDigitsTest {
    @Test
    void showsFourSignificantDigits() {
        assertEquals("0.001235", FourDigits.format(0.00123456));
        assertEquals("12", FourDigits.format(12.0));
        assertEquals("3.142", FourDigits.format(Math.PI));
    }

    /** Java's %.4g, trailing zeros stripped: how the tags were printed before the format was written out by hand. */
    private static String printfFourDigits(double d) {
        if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Long.toString((long) d);
        }
        return String.format(java.util.Locale.ROOT, "%.4g", d).replaceAll("(\\.\\d*?)0+(e|$)", "$1$2").replace(".e", "e").replaceAll("\\.$", "");
    }

    /** How the format rounded before it worked on Double.toString's digits directly: BigDecimal, half-up to four digits. */
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
            assertEquals(bigDecimalFourDigits(v), FourDigits.format(v), "format(" + v + ")");
            // a printed config shows a double as its trial's name does
            assertEquals("x=" + FourDigits.format(v), Config.of(Map.of("x", v)).toString(), "Config.toString of " + v);
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
            assertEquals(printfFourDigits(v), FourDigits.format(v), "format(" + v + ")");
            assertEquals("x=" + FourDigits.format(v), Config.of(Map.of("x", v)).toString(), "Config.toString of " + v);
        }
    }
}
