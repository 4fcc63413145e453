package io.jtune.engine.trial;

/**
 * Numbers in trial names and experiment tags, as Ray Tune prints floats there: four significant
 * digits. Fast (a trial's name is made when it is added): from the binary value where that is
 * safe, from {@link Double#toString}'s digits where not.
 */
public final class FourDigits {
    private FourDigits() {
    }

    /**
     * Four significant digits, as Ray Tune's experiment tags print floats: whole numbers below 1e15
     * as integers, else Java's {@code %.4g} (half-up on the shortest decimal form, scientific below
     * 1e-4 and from 1e4) without trailing zeros, e.g. {@code 0.001235}, {@code 3.142}, {@code 1.5e-05}.
     */
    public static String format(double d) {
        if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Long.toString((long) d);
        }
        if (!Double.isFinite(d)) {
            return Double.toString(d);
        }
        char[] digits = new char[5];
        long exponentAndCount = fourDigitsFast(Math.abs(d), digits);
        if (exponentAndCount == NOT_FAST) {
            exponentAndCount = fourDigitsOfShortestForm(d, digits);
        }
        int exponent = (int) (exponentAndCount >> 8);
        int n = (int) (exponentAndCount & 0xff);
        while (n > 1 && digits[n - 1] == '0') {
            n--;
        }
        StringBuilder s = new StringBuilder(16);
        if (d < 0) {
            s.append('-');
        }
        if (exponent >= -4 && exponent < 4) {
            if (exponent < 0) {
                s.append("0.");
                for (int i = exponent + 1; i < 0; i++) {
                    s.append('0');
                }
                return s.append(digits, 0, n).toString();
            }
            for (int i = 0; i <= exponent; i++) {
                s.append(i < n ? digits[i] : '0');
            }
            return n > exponent + 1 ? s.append('.').append(digits, exponent + 1, n - exponent - 1).toString() : s.toString();
        }
        s.append(digits[0]);
        if (n > 1) {
            s.append('.').append(digits, 1, n - 1);
        }
        int magnitude = Math.abs(exponent);
        return s.append(exponent < 0 ? "e-" : "e+").append(magnitude < 10 ? "0" : "").append(magnitude).toString();
    }

    private static final long NOT_FAST = Long.MIN_VALUE;
    private static final double[] POWERS_OF_TEN = {1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18};

    /**
     * The four significant digits of {@code a} (> 0) rounded half-up, into {@code digits}, as
     * {@code exponent << 8 | 4}, worked out from the binary value: its shortest decimal form (which
     * the rounding is defined on) lies within 1e-12 of it at this scale, so both round alike unless
     * the value is within a hair of a tie, where this answers {@link #NOT_FAST}, as it does outside
     * [1e-15, 1e15), where the powers of ten it scales by are not exact.
     */
    private static long fourDigitsFast(double a, char[] digits) {
        if (!(a >= 1e-15 && a < 1e15)) {
            return NOT_FAST;
        }
        int exponent = (int) Math.floor(Math.log10(a));
        double scaled = scaledToFourDigits(a, exponent);
        if (scaled < 1000) {
            scaled = scaledToFourDigits(a, --exponent);
        } else if (scaled >= 10000) {
            scaled = scaledToFourDigits(a, ++exponent);
        }
        double floor = Math.floor(scaled);
        double fraction = scaled - floor;
        if (Math.abs(fraction - 0.5) < 1e-6 || !(scaled >= 1000 && scaled < 10000)) {
            return NOT_FAST;
        }
        int rounded = (int) floor + (fraction > 0.5 ? 1 : 0);
        if (rounded == 10000) {
            rounded = 1000;
            exponent++;
        }
        for (int i = 3; i >= 0; i--) {
            digits[i] = (char) ('0' + rounded % 10);
            rounded /= 10;
        }
        return (long) exponent << 8 | 4;
    }

    /** {@code a * 10^(3 - exponent)}, one correctly rounded operation by an exact power of ten. */
    private static double scaledToFourDigits(double a, int exponent) {
        int k = 3 - exponent;
        return k >= 0 ? a * POWERS_OF_TEN[k] : a / POWERS_OF_TEN[-k];
    }

    /**
     * As {@link #fourDigitsFast}, for any finite non-zero {@code d}, from the digits of
     * {@link Double#toString} ("-12.345", "1.2345E-5"), rounded half-up with char arithmetic.
     */
    private static long fourDigitsOfShortestForm(double d, char[] digits) {
        String text = Double.toString(d);
        int e = text.indexOf('E');
        int end = e < 0 ? text.length() : e;
        char[] all = new char[end];
        int count = 0;
        int point = 0;
        for (int i = d < 0 ? 1 : 0; i < end; i++) {
            char c = text.charAt(i);
            if (c == '.') {
                point = count;
            } else {
                all[count++] = c;
            }
        }
        int lead = 0;
        while (all[lead] == '0') {
            lead++;
        }
        int n = Math.min(count - lead, 5);
        System.arraycopy(all, lead, digits, 0, n);
        point -= lead;
        // digits[0] is the first significant digit; its decimal exponent:
        int exponent = point - 1 + (e < 0 ? 0 : Integer.parseInt(text, e + 1, text.length(), 10));
        if (n > 4) {
            boolean up = digits[4] >= '5';
            n = 4;
            for (int i = 3; up && i >= 0; i--) {
                up = digits[i] == '9';
                digits[i] = up ? '0' : (char) (digits[i] + 1);
            }
            if (up) {
                digits[0] = '1';
                exponent++;
            }
        }
        return (long) exponent << 8 | n;
    }
}
