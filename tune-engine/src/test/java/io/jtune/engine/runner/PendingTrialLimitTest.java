package io.jtune.engine.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.engine.Tuner;
import io.jtune.engine.search.BasicVariantGenerator;
import io.jtune.engine.search.ConcurrencyLimiter;
import io.jtune.engine.search.SampleLimit;
import io.jtune.engine.search.tpe.TpeSearch;
import org.junit.jupiter.api.Test;

class PendingTrialLimitTest {

    @Test
    void automaticIsRaysRuleForTheBasicVariantGeneratorAndOneForOtherSearchers() {
        assertEquals(16, PendingTrialLimit.resolve(PendingTrialLimit.AUTO, new BasicVariantGenerator(1), 2));
        assertEquals(35, PendingTrialLimit.resolve(PendingTrialLimit.AUTO, new BasicVariantGenerator(1), 32), "int(1.1 x 32)");
        assertEquals(16, PendingTrialLimit.resolve(PendingTrialLimit.AUTO, new ConcurrencyLimiter(new BasicVariantGenerator(1), 4), 2));
        assertEquals(1, PendingTrialLimit.resolve(PendingTrialLimit.AUTO, new SampleLimit(new TpeSearch(), 10), 64));
        assertEquals(5, PendingTrialLimit.resolve(5, new SampleLimit(new TpeSearch(), 10), 64), "a set limit wins");
    }

    @Test
    void thePropertyIsAutoOrANumber() {
        assertEquals(PendingTrialLimit.AUTO, PendingTrialLimit.parse(null));
        assertEquals(PendingTrialLimit.AUTO, PendingTrialLimit.parse("auto"));
        assertEquals(7, PendingTrialLimit.parse(" 7 "));
        for (String bad : new String[] {"0", "-3", "many"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PendingTrialLimit.parse(bad));
            assertTrue(e.getMessage().contains(PendingTrialLimit.PROPERTY) && e.getMessage().contains("'" + bad + "'"), e.getMessage());
        }
    }

    @Test
    void theTunerSetterWinsOverTheDefault() {
        Tuner tuner = Tuner.of("f", (config, session) -> { });
        assertEquals(3, tuner.maxPendingTrials(3).spec().maxPendingTrials());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> tuner.maxPendingTrials(0)).getMessage().contains("maxPendingTrials"));
    }
}
