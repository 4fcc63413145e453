package io.jtune.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.api.Mode;
import io.jtune.api.ResourceRequest;
import io.jtune.api.Result;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.api.spi.SearchAlgorithm;
import io.jtune.api.trainable.TrainFunction;
import io.jtune.engine.search.tpe.TpeSearch;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code maxConcurrentTrials(k)} bounds suggestions, as Ray's ConcurrencyLimiter: a spy on the searcher logs what it hears, in order. */
class SuggestionOrderTest {
    private static final ResourceRequest FOUR_CPUS = new ResourceRequest(4, 0, 1L << 30, Map.of());
    private static final int ITERATIONS = 3;
    private static final TrainFunction QUADRATIC = (config, session) -> {
        double x = config.getDouble("x");
        for (int i = 1; i <= ITERATIONS; i++) {
            session.report(Map.of("loss", x * x + 1.0 / i));
        }
    };

    @TempDir
    Path storage;

    /** Forwards to a TPE searcher and logs "suggest i", "result i", "complete i" with i the trial's creation index. */
    private static final class SpySearcher implements SearchAlgorithm {
        private final TpeSearch inner = new TpeSearch();
        private final List<String> ids = new ArrayList<>();
        final List<String> log = new ArrayList<>();

        @Override
        public void setup(ExperimentInfo experiment) {
            inner.setup(experiment);
        }

        @Override
        public Config suggest(String trialId) {
            Config config = inner.suggest(trialId);
            if (config != null) {
                ids.add(trialId);
                log.add("suggest " + ids.indexOf(trialId));
            }
            return config;
        }

        @Override
        public boolean isFinished() {
            return inner.isFinished();
        }

        @Override
        public void onTrialResult(String trialId, Result result) {
            log.add("result " + ids.indexOf(trialId));
            inner.onTrialResult(trialId, result);
        }

        @Override
        public void onTrialComplete(String trialId, Result lastResult, boolean error) {
            log.add("complete " + ids.indexOf(trialId));
            inner.onTrialComplete(trialId, lastResult, error);
        }
    }

    private SpySearcher run(String name, int maxConcurrent, int samples) {
        SpySearcher spy = new SpySearcher();
        Tuner.of("quadratic", QUADRATIC).name(name).storagePath(storage).space(SearchSpace.builder().uniform("x", -2, 2).build())
                .metric("loss", Mode.MIN).machineResources(FOUR_CPUS).seed(5).progress(false).outputFiles(false)
                .searcher(spy).numSamples(samples).maxConcurrentTrials(maxConcurrent).fit();
        return spy;
    }

    @Test
    void oneConcurrentTrialMeansTheSearcherHearsEachTrialBeforeTheNextSuggestion() {
        SpySearcher spy = run("sequential", 1, 4);
        List<String> expected = new ArrayList<>();
        for (int trial = 0; trial < 4; trial++) {
            expected.add("suggest " + trial);
            for (int i = 0; i < ITERATIONS; i++) {
                expected.add("result " + trial);
            }
            expected.add("complete " + trial);
        }
        assertEquals(expected, spy.log);
    }

    @Test
    void kConcurrentTrialsMeansAtMostKSuggestedTrialsAreUnfinished() {
        int k = 2;
        SpySearcher spy = run("two-at-once", k, 8);
        Set<String> unfinished = new HashSet<>();
        int most = 0;
        for (String entry : spy.log) {
            String trial = entry.substring(entry.indexOf(' ') + 1);
            if (entry.startsWith("suggest")) {
                unfinished.add(trial);
                most = Math.max(most, unfinished.size());
                assertTrue(unfinished.size() <= k, "more than " + k + " trials suggested ahead of their completion: " + spy.log);
            } else if (entry.startsWith("complete")) {
                unfinished.remove(trial);
            }
        }
        assertEquals(k, most, "the searcher was allowed k trials at once: " + spy.log);
        assertEquals(8, spy.log.stream().filter(e -> e.startsWith("suggest")).count());
    }
}
