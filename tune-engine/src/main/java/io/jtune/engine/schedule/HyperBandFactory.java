package io.jtune.engine.schedule;

import io.jtune.api.HyperBand;
import io.jtune.api.spi.AnnotationFactory;
import io.jtune.api.spi.TrialScheduler;

/** Builds a {@link HyperBandScheduler}, or a {@link HyperBandForBohb} with {@code forBohb}, from {@link HyperBand}. */
public final class HyperBandFactory implements AnnotationFactory<HyperBand, TrialScheduler> {
    @Override
    public TrialScheduler create(HyperBand a) {
        HyperBandScheduler.Builder builder = HyperBandScheduler.builder()
                .timeAttr(a.timeAttr())
                .maxT(a.maxT())
                .reductionFactor(a.reductionFactor())
                .stopLastTrials(a.stopLastTrials());
        return a.forBohb() ? builder.buildForBohb() : builder.build();
    }
}
