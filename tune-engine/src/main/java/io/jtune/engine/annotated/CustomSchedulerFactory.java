package io.jtune.engine.annotated;

import io.jtune.api.spi.AnnotationFactory;
import io.jtune.api.spi.Scheduler;
import io.jtune.api.spi.TrialScheduler;

/** Builds the user's own scheduler named by {@link Scheduler @Scheduler} through its public no-arg constructor. */
public final class CustomSchedulerFactory implements AnnotationFactory<Scheduler, TrialScheduler> {
    @Override
    public TrialScheduler create(Scheduler annotation) {
        return UserClasses.instantiate(annotation.value(), "the scheduler of @Scheduler");
    }
}
