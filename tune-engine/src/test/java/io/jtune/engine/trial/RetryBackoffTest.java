package io.jtune.engine.trial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.api.TrialStatus;
import io.jtune.engine.Tuner;
import io.jtune.engine.runner.state.ExperimentState;
import io.jtune.engine.stop.Stoppers;
import io.jtune.engine.testing.CountingTrainable;
import io.jtune.engine.testing.ListSearcher;
import io.jtune.engine.testing.Runs;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class RetryBackoffTest {
    @TempDir
    Path storage;

    @Test
    void theFirstRetryIsImmediateThenTheWaitDoublesUpToItsCap() {
        assertEquals(0, RetryBackoff.delayNanos(1));
        assertEquals(List.of(100L, 200L, 400L, 800L, 1600L, 3200L, 6400L, 12800L, 25600L, 30000L, 30000L),
                java.util.stream.IntStream.rangeClosed(2, 12).mapToObj(n -> TimeUnit.NANOSECONDS.toMillis(RetryBackoff.delayNanos(n))).toList());
        assertEquals(TimeUnit.SECONDS.toNanos(30), RetryBackoff.delayNanos(Integer.MAX_VALUE));
    }

    @Test
    void aTrialThatAlwaysFailsWithUnlimitedRetriesBacksOffAndIsPendingWhenTheBudgetEnds() {
        CountingTrainable.resetCounters();
        ListSearcher searcher = new ListSearcher(List.of(Config.of(Map.of("failAtStep", 1, "failAlways", true))));
        Tuner tuner = Runs.listed(Runs.quiet(Tuner.of(CountingTrainable.class), storage), searcher).outputFiles(true)
                .maxFailures(-1).stop(Stoppers.timeout(Duration.ofSeconds(1)));
        Trial trial = Runs.run(tuner).get(0);
        // without backoff it fails hundreds of times a second; with it 0 + 0.1 + 0.2 + 0.4 s fit in the budget
        assertTrue(trial.numFailures() >= 2 && trial.numFailures() <= 8, "failures: " + trial.numFailures());
        assertEquals(TrialStatus.PENDING, trial.status(), "it waits for its retry, so a resume retries it");
        ExperimentState state = ExperimentState.read(storage.resolve("exp").resolve(ExperimentState.FILE));
        assertEquals(TrialStatus.PENDING, state.trials().get(0).status());
    }
}
