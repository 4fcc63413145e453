package io.jtune.junit.descriptor;

import io.jtune.api.TuneException;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.Tuner;
import io.jtune.engine.outcome.ExpectationVerdicts;
import io.jtune.engine.outcome.ExperimentSummary;
import io.jtune.engine.outcome.MissedExpectation;
import io.jtune.engine.spec.ExperimentSpec;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.platform.engine.TestTag;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.hierarchical.Node;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.MultipleFailuresError;

/**
 * One experiment: the container of a {@code @Trainable} class, with a {@link ClassSource} and the
 * class's {@code @Tag}s. It is displayed by the fully qualified class name, which Surefire's XML
 * report gives its trials as {@code classname} (a trial has no source of its own: it is no method). Its trials are added as {@link TrialDescriptor}s while it runs. Its unique
 * id ends in {@code [class:<fully qualified name>]}.
 *
 * <p>Executing it runs the experiment as the class declares it, with the engine's configuration
 * applied over the declaration. It fails when the experiment cannot run, or when it misses an
 * {@code @Expect}ation ({@link ExpectationVerdicts}): with an {@link AssertionFailedError} for one
 * miss, a {@link MultipleFailuresError} for several.
 */
public class TrainableClassDescriptor extends AbstractTestDescriptor implements Node<JTuneExecutionContext> {

    /** The unique-id segment type of an experiment. */
    public static final String SEGMENT_TYPE = "class";

    private final Class<?> trainableClass;
    private final Set<TestTag> tags;

    public TrainableClassDescriptor(UniqueId uniqueId, Class<?> trainableClass, Set<TestTag> tags) {
        super(uniqueId, trainableClass.getName(), ClassSource.from(trainableClass));
        this.trainableClass = trainableClass;
        this.tags = Set.copyOf(tags);
    }

    public Class<?> trainableClass() {
        return trainableClass;
    }

    @Override
    public Type getType() {
        return Type.CONTAINER;
    }

    /** Trials are registered while the experiment runs, so an experiment is never pruned for having none yet. */
    @Override
    public boolean mayRegisterTests() {
        return true;
    }

    @Override
    public Set<TestTag> getTags() {
        return tags;
    }

    @Override
    public String getLegacyReportingName() {
        return trainableClass.getName();
    }

    @Override
    public JTuneExecutionContext execute(JTuneExecutionContext context, DynamicTestExecutor dynamicTestExecutor) {
        Tuner tuner = Tuner.of(trainableClass);
        context.configuration().applyTo(tuner);
        ExperimentSpec declared = tuner.spec();
        EarlyStopWatch scheduler = new EarlyStopWatch(declared.scheduler());
        TrialReporter trials = new TrialReporter(this, context.listener(), scheduler);
        ResultGrid grid;
        try {
            grid = tuner.scheduler(scheduler).callbacks(trials).fit();
        } finally {
            trials.abortUnfinished("the experiment of " + trainableClass.getName() + " ended before this trial did");
        }
        ReportEntries.publishExperiment(grid, best(grid, declared), entry -> context.listener().reportingEntryPublished(this, entry));
        printSummary(grid, declared);
        verifyExpectations(grid);
        return context;
    }

    /**
     * The experiment's summary on standard output, as {@code tune:run} prints it: Surefire keeps no
     * report entries, so this is how {@code mvn test} (and its XML's system-out) shows the best
     * trial's config, metric and checkpoint.
     */
    private void printSummary(ResultGrid grid, ExperimentSpec spec) {
        StringBuilder text = new StringBuilder("jtune: experiment ").append(grid.experimentDir().getFileName()).append(" (").append(trainableClass.getName()).append(')');
        ExperimentSummary.lines(grid, spec.metric() != null).forEach(line -> text.append(System.lineSeparator()).append(line));
        System.out.println(text);
    }

    private void verifyExpectations(ResultGrid grid) {
        List<AssertionFailedError> failures = ExpectationVerdicts.missed(trainableClass, grid).stream()
                .map(TrainableClassDescriptor::failure).toList();
        if (failures.size() == 1) {
            throw failures.get(0);
        }
        if (!failures.isEmpty()) {
            throw new MultipleFailuresError(trainableClass.getName() + " missed " + failures.size() + " expectations", failures);
        }
    }

    /** The miss as a failure; with the bounds as expected and the value as actual when the best trial reported one. */
    private static AssertionFailedError failure(MissedExpectation missed) {
        return missed.value().isPresent()
                ? new AssertionFailedError(missed.message(), missed.bounds(), Double.toString(missed.value().getAsDouble()))
                : new AssertionFailedError(missed.message());
    }

    /** The best trial by the experiment's metric; empty when it declares none or no trial reported a usable value. */
    private static Optional<ResultGrid.BestResult> best(ResultGrid grid, ExperimentSpec spec) {
        if (spec.metric() == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(grid.getBestResult());
        } catch (TuneException noBestTrial) {
            return Optional.empty();
        }
    }
}
