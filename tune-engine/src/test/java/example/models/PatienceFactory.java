package example.models;

import io.jtune.api.spi.AnnotationFactory;
import io.jtune.api.spi.TrialScheduler;

/** Builds the scheduler {@link Patience} declares. */
public final class PatienceFactory implements AnnotationFactory<Patience, TrialScheduler> {
    @Override
    public TrialScheduler create(Patience annotation) {
        return new PatientScheduler(annotation.value());
    }
}
