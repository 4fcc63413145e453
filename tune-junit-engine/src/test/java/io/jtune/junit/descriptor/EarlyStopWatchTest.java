package io.jtune.junit.descriptor;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.engine.schedule.AsyncHyperBandScheduler;
import io.jtune.engine.schedule.MedianStoppingRule;
import org.junit.jupiter.api.Test;

/** The engine's watch changes nothing the runner asks of the scheduler it watches. */
class EarlyStopWatchTest {

    @Test
    void resultBufferingIsAllowedExactlyWhenTheWatchedSchedulerSupportsIt() {
        assertTrue(new EarlyStopWatch(AsyncHyperBandScheduler.builder().maxT(9).build()).supportsBufferedResults(),
                "-Djtune.resultBuffer works in a tuning test with ASHA");
        assertFalse(new EarlyStopWatch(MedianStoppingRule.builder().build()).supportsBufferedResults());
    }
}
