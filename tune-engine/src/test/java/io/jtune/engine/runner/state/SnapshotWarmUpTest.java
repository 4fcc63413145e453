package io.jtune.engine.runner.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The warm-up's sample state goes through the whole writer, as a run's first snapshot does (a failure there would leave the warm-up half done, silently). */
class SnapshotWarmUpTest {
    @Test
    void theSampleStateIsWrittenWithEveryKindOfEntry() {
        ExperimentState sample = ExperimentState.sample();
        assertEquals(1, sample.trials().size());
        assertEquals(1, sample.trials().get(0).checkpoints().size());
        assertEquals(1, sample.stoppers().size());
        assertTrue(sample.toJson().size() > 0);
    }
}
