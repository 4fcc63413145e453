package io.jtune.engine.search.tpe;

import io.jtune.api.Motpe;
import io.jtune.api.TpePreset;
import io.jtune.api.spi.AnnotationFactory;
import io.jtune.api.spi.SearchAlgorithm;

/** Builds a {@link MotpeSearch} from {@link Motpe}. */
public final class MotpeFactory implements AnnotationFactory<Motpe, SearchAlgorithm> {
    @Override
    public SearchAlgorithm create(Motpe a) {
        TpeSettings preset = a.preset() == TpePreset.OPTUNA ? TpeSettings.optunaMotpe() : TpeSettings.trueDensities();
        TpeSettings s = preset.withNStartupTrials(a.nStartupTrials()).withNEiCandidates(a.nEiCandidates());
        return new MotpeSearch(a.seed() >= 0 ? s.withSeed(a.seed()) : s);
    }
}
