package io.jtune.engine.trial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class StallLimitRangeTest {

    @Test
    void aLimitBeyondWhatNanosecondsCanCountIsTakenAsNoPracticalLimitInsteadOfOverflowing() {
        Duration huge = StallLimit.parse("99999999999");
        assertEquals(Duration.ofSeconds(99_999_999_999L), huge);
        StallLimit limit = new StallLimit(huge);
        assertTrue(limit.enabled());
        assertTrue(new StallLimit(Duration.ofSeconds(Long.MAX_VALUE)).enabled());
    }
}
