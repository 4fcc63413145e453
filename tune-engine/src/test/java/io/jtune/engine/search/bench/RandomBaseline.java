package io.jtune.engine.search.bench;

import io.jtune.api.Config;
import io.jtune.api.space.Domain;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.api.spi.SearchAlgorithm;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;

/** Random search as the baseline of the quality tests and the benchmark: each domain drawn independently. */
public final class RandomBaseline implements SearchAlgorithm {
    private Map<String, Domain> domains;
    private SplittableRandom rng;

    @Override
    public void setup(ExperimentInfo experiment) {
        domains = experiment.space().domains();
        rng = new SplittableRandom(experiment.seedFor("RandomBaseline"));
    }

    @Override
    public Config suggest(String trialId) {
        Map<String, Object> flat = new LinkedHashMap<>();
        domains.forEach((path, d) -> flat.put(path, d.sample(rng, Config.empty())));
        return Config.unflatten(flat);
    }

    @Override
    public boolean isFinished() {
        return false;
    }
}
