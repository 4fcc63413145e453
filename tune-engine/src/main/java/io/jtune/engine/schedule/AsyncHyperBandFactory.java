package io.jtune.engine.schedule;

import io.jtune.api.Asha;
import io.jtune.api.spi.AnnotationFactory;
import io.jtune.api.spi.TrialScheduler;

/** Builds an {@link AsyncHyperBandScheduler} from {@link Asha}. */
public final class AsyncHyperBandFactory implements AnnotationFactory<Asha, TrialScheduler> {
    @Override
    public TrialScheduler create(Asha a) {
        return AsyncHyperBandScheduler.builder()
                .timeAttr(a.timeAttr())
                .maxT(a.maxT())
                .gracePeriod(a.gracePeriod())
                .reductionFactor(a.reductionFactor())
                .brackets(a.brackets())
                .stopLastTrials(a.stopLastTrials())
                .build();
    }
}
