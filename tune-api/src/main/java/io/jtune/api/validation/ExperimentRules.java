package io.jtune.api.validation;

import io.jtune.api.Checkpoint;
import io.jtune.api.Expect;
import io.jtune.api.MaxConcurrent;
import io.jtune.api.MaxFailures;
import io.jtune.api.ResourceChanging;
import io.jtune.api.Resources;
import io.jtune.api.Restore;
import io.jtune.api.Samples;
import io.jtune.api.Save;
import io.jtune.api.Stop;
import io.jtune.api.spi.Scheduler;
import io.jtune.api.spi.Search;
import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** The experiment annotations on the class: scheduler, searcher, stop rules, limits, checkpoints, verdicts. */
final class ExperimentRules implements RuleGroup {
    private static final String DECLARE_METRIC = "set @Trainable(metric = \"<name>\", mode = \"min\" or \"max\")";

    @Override
    public void check(TypeModel type, Problems problems) {
        String metric = TrainableRules.metric(type);
        for (ComponentAnnotation.Kind kind : ComponentAnnotation.Kind.values()) {
            List<ComponentAnnotation> found = type.componentAnnotations().stream().filter(c -> c.kind() == kind).toList();
            if (found.size() > 1) {
                problems.add(type, "@Trainable class " + type.name() + " has " + found.size() + " " + kind.label() + " annotations ("
                        + found.stream().map(c -> "@" + c.simpleName()).collect(Collectors.joining(", ")) + "): keep at most one");
            }
            found.stream().filter(c -> c.needsMetric() && metric == null)
                    .forEach(c -> problems.add(type, "@" + c.simpleName() + " needs a metric, but @Trainable declares none: " + DECLARE_METRIC));
        }
        checkUserClass(type, Scheduler.class, problems);
        checkUserClass(type, Search.class, problems);
        checkStop(type, type.annotation(Stop.class), metric, problems);
        checkLimits(type, problems);
        checkCheckpoint(type, type.annotation(Checkpoint.class), problems);
        checkResources(type, type.annotation(Resources.class), problems);
        checkResourceChanging(type, type.annotation(ResourceChanging.class), metric, problems);
        expectations(type).forEach(e -> checkExpect(type, e, metric, problems));
    }

    private static void checkUserClass(TypeModel type, Class<? extends Annotation> annotation, Problems problems) {
        type.classAttribute(annotation).ifPresent(user -> {
            List<String> why = new ArrayList<>();
            if (user.visibility() != Visibility.PUBLIC) {
                why.add("it is not public");
            }
            if (user.kind() != TypeModel.Kind.CLASS || user.isAbstract()) {
                why.add("it is not a concrete class");
            }
            if (user.isInner()) {
                why.add("it is an inner class");
            }
            if (user.noArgConstructor().filter(v -> v == Visibility.PUBLIC).isEmpty()) {
                why.add("it has no public no-arg constructor");
            }
            if (!why.isEmpty()) {
                problems.add(type, "@" + annotation.getSimpleName() + "(" + user.name() + ".class) needs a public, concrete class with a public no-arg constructor, but "
                        + String.join(" and ", why));
            }
        });
    }

    private static void checkStop(TypeModel type, Stop stop, String metric, Problems problems) {
        if (stop == null) {
            return;
        }
        atLeast(type, "@Stop(iterations = " + stop.iterations() + ")", stop.iterations(), 0, "0 means no limit", problems);
        if (!(stop.timeBudgetS() >= 0)) {
            problems.add(type, "@Stop(timeBudgetS = " + stop.timeBudgetS() + ") must be >= 0 (0 means no budget)");
        }
        if (!(stop.plateauStd() >= 0)) {
            problems.add(type, "@Stop(plateauStd = " + stop.plateauStd() + ") must be >= 0 (0 turns the plateau rule off)");
        } else if (stop.plateauStd() > 0 && metric == null) {
            problems.add(type, "@Stop(plateauStd = " + stop.plateauStd() + ") needs a metric, but @Trainable declares none: " + DECLARE_METRIC);
        }
        atLeast(type, "@Stop(plateauResults = " + stop.plateauResults() + ")", stop.plateauResults(), 1, "the plateau rule needs results to compare", problems);
        atLeast(type, "@Stop(plateauGracePeriod = " + stop.plateauGracePeriod() + ")", stop.plateauGracePeriod(), 0, "results before the rule applies", problems);
        for (Stop.When when : stop.when()) {
            if (when.metric().isBlank()) {
                problems.add(type, "@Stop.When has no metric: name the reported metric it watches");
            } else if (Double.isNaN(when.atLeast()) && Double.isNaN(when.atMost())) {
                problems.add(type, "@Stop.When(metric = \"" + when.metric() + "\") gives neither atLeast nor atMost: give the threshold that stops a trial");
            }
        }
    }

    private static void checkLimits(TypeModel type, Problems problems) {
        Samples samples = type.annotation(Samples.class);
        if (samples != null) {
            atLeast(type, "@Samples(" + samples.value() + ")", samples.value(), 1, "how many trials to sample", problems);
        }
        MaxConcurrent concurrent = type.annotation(MaxConcurrent.class);
        if (concurrent != null) {
            atLeast(type, "@MaxConcurrent(" + concurrent.value() + ")", concurrent.value(), 1, "leave it out for no limit", problems);
        }
        MaxFailures failures = type.annotation(MaxFailures.class);
        if (failures != null) {
            atLeast(type, "@MaxFailures(" + failures.value() + ")", failures.value(), -1, "-1 retries without limit", problems);
        }
    }

    private static void atLeast(TypeModel type, String what, long value, long min, String hint, Problems problems) {
        if (value < min) {
            problems.add(type, what + " must be >= " + min + " (" + hint + ")");
        }
    }

    private static void checkCheckpoint(TypeModel type, Checkpoint c, Problems problems) {
        if (c == null) {
            return;
        }
        if (!savesAndRestores(type)) {
            problems.add(type, "@Checkpoint needs @Save and @Restore methods to write and load checkpoints: add both, each taking a Path");
        }
        atLeast(type, "@Checkpoint(frequency = " + c.frequency() + ")", c.frequency(), 0, "0 means not on a schedule", problems);
        atLeast(type, "@Checkpoint(keep = " + c.keep() + ")", c.keep(), 0, "0 keeps all", problems);
        if (!c.scoreOrder().equals("min") && !c.scoreOrder().equals("max")) {
            problems.add(type, "@Checkpoint(scoreOrder = \"" + c.scoreOrder() + "\") must be \"min\" or \"max\"");
        }
    }

    private static boolean savesAndRestores(TypeModel type) {
        return type.methods().stream().anyMatch(m -> m.has(Save.class)) && type.methods().stream().anyMatch(m -> m.has(Restore.class));
    }

    private static void checkResourceChanging(TypeModel type, ResourceChanging r, String metric, Problems problems) {
        if (r == null) {
            return;
        }
        if (r.topJob() && metric == null) {
            problems.add(type, "@ResourceChanging(topJob = true) needs a metric to find the best trial, but @Trainable declares none: " + DECLARE_METRIC);
        }
        atLeast(type, "@ResourceChanging(increaseByTimes = " + r.increaseByTimes() + ")", r.increaseByTimes(), 0, "0 means no limit", problems);
        if (!savesAndRestores(type)) {
            problems.add(type, "@ResourceChanging restarts trials from a checkpoint when their resources change: add @Save and @Restore methods, each taking a Path");
        }
    }

    private static void checkResources(TypeModel type, Resources r, Problems problems) {
        if (r == null) {
            return;
        }
        try {
            ExperimentAnnotations.resources(r);
        } catch (IllegalArgumentException e) {
            problems.add(type, "@Resources: " + e.getMessage());
        }
    }

    private static List<Expect> expectations(TypeModel type) {
        List<Expect> all = new ArrayList<>();
        Expect single = type.annotation(Expect.class);
        if (single != null) {
            all.add(single);
        }
        Expect.List repeated = type.annotation(Expect.List.class);
        if (repeated != null) {
            all.addAll(List.of(repeated.value()));
        }
        return all;
    }

    private static void checkExpect(TypeModel type, Expect e, String metric, Problems problems) {
        String what = "@Expect(metric = \"" + e.metric() + "\")";
        if (e.metric().isEmpty() && metric == null) {
            problems.add(type, what + " refers to the @Trainable metric, but none is declared: name the metric in @Expect or " + DECLARE_METRIC);
        }
        if (Double.isNaN(e.atLeast()) && Double.isNaN(e.atMost())) {
            problems.add(type, what + " gives neither atLeast nor atMost: give at least one bound");
        } else if (e.atLeast() > e.atMost()) {
            problems.add(type, what + " has atLeast = " + e.atLeast() + " above atMost = " + e.atMost() + ": no value can pass");
        }
    }
}
