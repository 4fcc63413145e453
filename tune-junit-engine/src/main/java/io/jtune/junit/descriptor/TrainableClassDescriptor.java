package io.jtune.junit.descriptor;

import io.jtune.engine.Tuner;
import java.util.LinkedHashSet;
import java.util.Set;
import org.junit.platform.engine.TestTag;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.hierarchical.Node;

/**
 * One experiment: the container of a {@code @Trainable} class, with a {@link ClassSource} and the
 * class's {@code @Tag}s. Its trials are added as {@link TrialDescriptor}s while it runs. Its unique
 * id ends in {@code [class:<fully qualified name>]}.
 *
 * <p>Executing it runs the experiment as the class declares it, with the engine's configuration
 * applied over the declaration. It fails when the experiment cannot run, or when the best trial
 * misses an {@code @Expect}ation.
 */
public class TrainableClassDescriptor extends AbstractTestDescriptor implements Node<JTuneExecutionContext> {

    /** The unique-id segment type of an experiment. */
    public static final String SEGMENT_TYPE = "class";

    private final Class<?> trainableClass;
    private final Set<TestTag> tags;

    public TrainableClassDescriptor(UniqueId uniqueId, Class<?> trainableClass, Set<TestTag> tags) {
        super(uniqueId, trainableClass.getSimpleName(), ClassSource.from(trainableClass));
        this.trainableClass = trainableClass;
        this.tags = Set.copyOf(new LinkedHashSet<>(tags));
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
        TrialReporter trials = new TrialReporter(this, context.listener());
        Tuner tuner = context.configuration().applyTo(Tuner.of(trainableClass)).callbacks(trials);
        try {
            tuner.fit();
        } finally {
            trials.abortUnfinished("the experiment of " + trainableClass.getName() + " ended before this trial did");
        }
        return context;
    }
}
