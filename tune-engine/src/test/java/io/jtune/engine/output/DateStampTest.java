package io.jtune.engine.output;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.SplittableRandom;
import java.util.TimeZone;
import org.junit.jupiter.api.Test;

class DateStampTest {

    @Test
    void stampsAsRayTunesPatternDoes() {
        DateTimeFormatter ray = DateTimeFormatter.ofPattern("yyyy-MM-dd_HH-mm-ss");
        assertEquals("0007-01-02_03-04-05", DateStamp.of(LocalDateTime.of(7, 1, 2, 3, 4, 5)));
        SplittableRandom random = new SplittableRandom(2);
        for (int i = 0; i < 10_000; i++) {
            LocalDateTime time = LocalDateTime.of(random.nextInt(0, 10_000), random.nextInt(1, 13), random.nextInt(1, 29),
                    random.nextInt(24), random.nextInt(60), random.nextInt(60), random.nextInt(1_000_000_000));
            assertEquals(ray.format(time), DateStamp.of(time), time.toString());
        }
    }

    /** Around every offset change from 1900 to 2100 in zones with odd offsets and changes, and at random instants. */
    @Test
    void theLocalTimeOfAnInstantIsJavaTimesInTheSameZone() {
        SplittableRandom random = new SplittableRandom(5);
        for (String id : new String[] {"UTC", "Europe/Berlin", "America/New_York", "America/St_Johns", "Australia/Lord_Howe", "Asia/Kathmandu",
                "Pacific/Apia", "America/Sao_Paulo", TimeZone.getDefault().getID()}) {
            ZoneId zone = ZoneId.of(id);
            TimeZone timeZone = TimeZone.getTimeZone(zone);
            for (var t = zone.getRules().nextTransition(Instant.parse("1900-01-01T00:00:00Z")); t != null && t.getInstant().getEpochSecond() < 4_102_444_800L;
                 t = zone.getRules().nextTransition(t.getInstant())) {
                for (long s = t.getInstant().getEpochSecond() - 1; s <= t.getInstant().getEpochSecond() + 1; s++) {
                    assertEquals(DateStamp.of(LocalDateTime.ofInstant(Instant.ofEpochSecond(s), zone)), DateStamp.ofEpochSecond(s, timeZone), id + " at " + s);
                }
            }
            for (int i = 0; i < 2_000; i++) {
                long s = random.nextLong(0, 4_102_444_800L);
                assertEquals(DateStamp.of(LocalDateTime.ofInstant(Instant.ofEpochSecond(s), zone)), DateStamp.ofEpochSecond(s, timeZone), id + " at " + s);
            }
        }
    }
}
