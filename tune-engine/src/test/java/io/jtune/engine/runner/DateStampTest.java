package io.jtune.engine.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.SplittableRandom;
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
}
