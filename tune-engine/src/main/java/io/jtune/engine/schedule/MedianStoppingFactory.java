package io.jtune.engine.schedule;

import io.jtune.api.MedianStopping;
import io.jtune.api.spi.AnnotationFactory;
import io.jtune.api.spi.TrialScheduler;

/** Builds a {@link MedianStoppingRule} from {@link MedianStopping}. */
public final class MedianStoppingFactory implements AnnotationFactory<MedianStopping, TrialScheduler> {
    @Override
    public TrialScheduler create(MedianStopping a) {
        return MedianStoppingRule.builder()
                .timeAttr(a.timeAttr())
                .gracePeriod(a.gracePeriod())
                .minSamplesRequired(a.minSamplesRequired())
                .minTimeSlice(a.minTimeSlice())
                .hardStop(a.hardStop())
                .build();
    }
}
