package io.jtune.engine.output;

import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.TimeZone;

/**
 * Ray Tune's date stamp, {@code yyyy-MM-dd_HH-mm-ss} (its {@code time.strftime("%Y-%m-%d_%H-%M-%S")}),
 * as results' {@code date}, experiment folder names and {@code error.txt} headers show it; written
 * digit by digit, not through a {@code DateTimeFormatter}, whose set-up a fresh JVM pays for in
 * milliseconds. The local time of an instant comes from {@link TimeZone}'s offset (the same time-zone
 * database), not from {@code java.time}'s zone rules, whose first use looks for rule providers in
 * every jar of the class path.
 */
public final class DateStamp {
    private DateStamp() {
    }

    /** The stamp of the local time in the JVM's default time zone {@code epochSecond} seconds after 1970-01-01T00:00Z. */
    public static String ofEpochSecond(long epochSecond) {
        return ofEpochSecond(epochSecond, TimeZone.getDefault());
    }

    /** The stamp of the local time in {@code zone} {@code epochSecond} seconds after 1970-01-01T00:00Z. */
    static String ofEpochSecond(long epochSecond, TimeZone zone) {
        int offsetSeconds = zone.getOffset(Math.multiplyExact(epochSecond, 1000L)) / 1000;
        return of(LocalDateTime.ofEpochSecond(epochSecond, 0, ZoneOffset.ofTotalSeconds(offsetSeconds)));
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
