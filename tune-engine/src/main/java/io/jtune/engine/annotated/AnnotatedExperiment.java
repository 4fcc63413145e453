package io.jtune.engine.annotated;

import io.jtune.api.Mode;
import io.jtune.api.ResourceRequest;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.spi.Objective;
import io.jtune.api.spi.SearchAlgorithm;
import io.jtune.api.spi.Stopper;
import io.jtune.api.spi.TrialScheduler;
import io.jtune.engine.spec.CheckpointPolicy;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * The experiment a {@code @Trainable} class declares, read once from its annotations. Empty
 * means "not declared": the {@link io.jtune.engine.Tuner}'s default stays.
 *
 * @param space the {@code @Param} domains, by parameter name in field order
 * @param metric the {@code @Trainable} metric with its mode
 * @param stoppers one per {@code @Stop} rule; a trial stops when any says so
 * @param reuseTrainables true when the class has a {@code @Reset} method
 * @param objectives the {@code @Trainable} metrics with their modes (multi-objective; empty otherwise), the first also in {@code metric}
 */
public record AnnotatedExperiment(SearchSpace space, Optional<Metric> metric, OptionalInt numSamples, OptionalLong seed, List<Stopper> stoppers,
        Optional<ResourceRequest> resources, OptionalInt maxConcurrentTrials, OptionalInt maxFailures, Optional<CheckpointPolicy> checkpoint,
        Optional<TrialScheduler> scheduler, Optional<SearchAlgorithm> searcher, boolean reuseTrainables, List<Objective> objectives) {

    /** A metric and the direction it is optimised in. */
    public record Metric(String name, Mode mode) {
    }

    public AnnotatedExperiment {
        stoppers = List.copyOf(stoppers);
        objectives = List.copyOf(objectives);
    }
}
