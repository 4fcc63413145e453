package io.jtune.engine.annotated;

import io.jtune.api.Fifo;
import io.jtune.api.spi.AnnotationFactory;
import io.jtune.api.spi.TrialScheduler;
import io.jtune.engine.schedule.FifoScheduler;

/** Builds {@link FifoScheduler} for {@link Fifo @Fifo}. */
public final class FifoFactory implements AnnotationFactory<Fifo, TrialScheduler> {
    @Override
    public TrialScheduler create(Fifo annotation) {
        return new FifoScheduler();
    }
}
