package io.jtune.engine.runner;

import java.time.LocalDateTime;

/**
 * Ray Tune's date stamp, {@code yyyy-MM-dd_HH-mm-ss} (its {@code time.strftime("%Y-%m-%d_%H-%M-%S")}),
 * as results' {@code date}, experiment folder names and {@code error.txt} headers show it; written
 * digit by digit, not through a {@code DateTimeFormatter}, whose set-up a fresh JVM pays for in
 * milliseconds.
 */
public final class DateStamp {
    private DateStamp() {
    }

    /** The stamp of {@code time}, for years 0 to 9999. */
    public static String of(LocalDateTime time) {
        char[] s = new char[19];
        digits(s, 0, time.getYear(), 4);
        s[4] = '-';
        digits(s, 5, time.getMonthValue(), 2);
        s[7] = '-';
        digits(s, 8, time.getDayOfMonth(), 2);
        s[10] = '_';
        digits(s, 11, time.getHour(), 2);
        s[13] = '-';
        digits(s, 14, time.getMinute(), 2);
        s[16] = '-';
        digits(s, 17, time.getSecond(), 2);
        return new String(s);
    }

    private static void digits(char[] s, int at, int value, int width) {
        for (int i = at + width - 1; i >= at; i--) {
            s[i] = (char) ('0' + value % 10);
            value /= 10;
        }
    }
}
