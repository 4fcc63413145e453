package io.jtune.engine.annotated;

import io.jtune.api.Checkpoint;
import io.jtune.api.MaxConcurrent;
import io.jtune.api.MaxFailures;
import io.jtune.api.Mode;
import io.jtune.api.Param;
import io.jtune.api.Reset;
import io.jtune.api.ResourceChanging;
import io.jtune.api.Resources;
import io.jtune.api.Result;
import io.jtune.api.Samples;
import io.jtune.api.Seed;
import io.jtune.api.Stop;
import io.jtune.api.Trainable;
import io.jtune.api.space.Condition;
import io.jtune.api.space.Domain;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.spi.Objective;
import io.jtune.api.spi.Stopper;
import io.jtune.api.spi.TrialScheduler;
import io.jtune.api.validation.ExperimentAnnotations;
import io.jtune.api.validation.FieldModel;
import io.jtune.api.validation.ParamCondition;
import io.jtune.api.validation.ParamDomains;
import io.jtune.api.validation.ParamValues;
import io.jtune.api.validation.ReflectiveTypeModel;
import io.jtune.api.validation.ValueType;
import io.jtune.engine.schedule.DistributeResources;
import io.jtune.engine.schedule.FifoScheduler;
import io.jtune.engine.schedule.ResourceChangingScheduler;
import io.jtune.engine.spec.CheckpointPolicy;
import io.jtune.engine.stop.Stoppers;
import io.jtune.engine.stop.TrialPlateauStopper;
import java.lang.annotation.Annotation;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.function.ToIntFunction;

/** Reads the experiment annotations of a class the rules have accepted into an {@link AnnotatedExperiment}. */
final class ExperimentReader {
    private ExperimentReader() {
    }

    static AnnotatedExperiment read(ReflectiveTypeModel model) {
        Class<?> c = model.type();
        Trainable t = c.getAnnotation(Trainable.class);
        List<Objective> objectives = t.metrics().length == 0 ? List.of()
                : Objective.of(List.of(t.metrics()), Arrays.stream(t.modes()).map(Mode::parse).toList());
        Optional<AnnotatedExperiment.Metric> metric = !t.metric().isEmpty() ? Optional.of(new AnnotatedExperiment.Metric(t.metric(), Mode.parse(t.mode())))
                : objectives.stream().findFirst().map(o -> new AnnotatedExperiment.Metric(o.metric(), o.mode()));
        return new AnnotatedExperiment(space(model), metric,
                intOf(c, Samples.class, Samples::value),
                c.isAnnotationPresent(Seed.class) ? OptionalLong.of(c.getAnnotation(Seed.class).value()) : OptionalLong.empty(),
                stoppers(c.getAnnotation(Stop.class), t.metric()),
                Optional.ofNullable(c.getAnnotation(Resources.class)).map(ExperimentAnnotations::resources),
                intOf(c, MaxConcurrent.class, MaxConcurrent::value),
                intOf(c, MaxFailures.class, MaxFailures::value),
                Optional.ofNullable(c.getAnnotation(Checkpoint.class)).map(ExperimentReader::checkpoint),
                scheduler(c),
                ComponentFactories.searcher(c),
                model.methods().stream().anyMatch(m -> m.has(Reset.class)), objectives);
    }

    /** The class's scheduler; under {@code @ResourceChanging} wrapped in a {@link ResourceChangingScheduler} (over FIFO when it declares none). */
    private static Optional<TrialScheduler> scheduler(Class<?> c) {
        Optional<TrialScheduler> declared = ComponentFactories.scheduler(c);
        ResourceChanging changing = c.getAnnotation(ResourceChanging.class);
        if (changing == null) {
            return declared;
        }
        DistributeResources allocation = changing.topJob() ? DistributeResources.toTopJob() : DistributeResources.evenly();
        if (changing.increaseByTimes() > 0) {
            allocation.increaseByTimes(changing.increaseByTimes());
        }
        return Optional.of(new ResourceChangingScheduler(declared.orElseGet(FifoScheduler::new), allocation));
    }

    /** The {@code @Param} domains through the {@link io.jtune.api.space.Space} factories, as Ray Tune defines them. */
    static SearchSpace space(ReflectiveTypeModel model) {
        SearchSpace.Builder space = SearchSpace.builder();
        Map<String, FieldModel> params = new HashMap<>();
        model.fields().stream().filter(f -> f.has(Param.class)).forEach(f -> params.putIfAbsent(ParamDomains.paramName(f), f));
        for (FieldModel f : model.fields()) {
            if (f.has(Param.class)) {
                String name = ParamDomains.paramName(f);
                Domain domain = ParamDomains.of(ParamDomains.domainAnnotations(f).get(0), f.type());
                Optional<ParamCondition> when = ParamCondition.of(f);
                if (when.isPresent()) {
                    ValueType parentType = params.get(when.get().parameter()).type();
                    space.add(name, domain, new Condition(when.get().parameter(), when.get().values().stream().map(v -> ParamValues.fromText(v, parentType)).toList()));
                } else {
                    space.add(name, domain);
                }
            }
        }
        return space.build();
    }

    private static List<Stopper> stoppers(Stop stop, String metric) {
        List<Stopper> out = new ArrayList<>();
        if (stop == null) {
            return out;
        }
        if (stop.iterations() > 0) {
            // training_iteration, as Ray Tune's stop={"training_iteration": n}: a trial restarted from a checkpoint still runs to n
            out.add(Stoppers.metricThreshold(Result.TRAINING_ITERATION, stop.iterations(), Mode.MAX));
        }
        if (stop.timeBudgetS() > 0) {
            out.add(Stoppers.timeout(Duration.ofNanos((long) (stop.timeBudgetS() * 1e9))));
        }
        for (Stop.When when : stop.when()) {
            if (!Double.isNaN(when.atLeast())) {
                out.add(Stoppers.metricThreshold(when.metric(), when.atLeast(), Mode.MAX));
            }
            if (!Double.isNaN(when.atMost())) {
                out.add(Stoppers.metricThreshold(when.metric(), when.atMost(), Mode.MIN));
            }
        }
        if (stop.plateauStd() > 0) {
            out.add(new TrialPlateauStopper(metric, stop.plateauStd(), stop.plateauResults(), stop.plateauGracePeriod(), null, null));
        }
        return out;
    }

    private static CheckpointPolicy checkpoint(Checkpoint c) {
        return new CheckpointPolicy(c.frequency(), c.atEnd(), c.keep(), c.score().isEmpty() ? null : c.score(), Mode.parse(c.scoreOrder()));
    }

    private static <A extends Annotation> OptionalInt intOf(Class<?> c, Class<A> annotation, ToIntFunction<A> value) {
        A a = c.getAnnotation(annotation);
        return a == null ? OptionalInt.empty() : OptionalInt.of(value.applyAsInt(a));
    }
}
