package io.jtune.engine.search.tpe;

import io.jtune.api.Tpe;
import io.jtune.api.TpePreset;
import io.jtune.api.spi.AnnotationFactory;
import io.jtune.api.spi.SearchAlgorithm;
import io.jtune.engine.search.model.PointsToEvaluate;
import java.util.OptionalLong;

/** Builds a {@link TpeSearch} from {@link Tpe}. */
public final class TpeFactory implements AnnotationFactory<Tpe, SearchAlgorithm> {
    @Override
    public SearchAlgorithm create(Tpe a) {
        TpeSettings preset = a.preset() == TpePreset.OPTUNA ? TpeSettings.optuna() : TpeSettings.trueDensities();
        TpeSettings s = new TpeSettings(a.nStartupTrials(), a.nEiCandidates(), a.gamma(), a.gammaMax(), a.priorWeight(), a.considerPrior(),
                a.considerEndpoints(), a.multivariate(), preset.normalizedKernels(), OptionalLong.empty());
        return new TpeSearch(a.seed() >= 0 ? s.withSeed(a.seed()) : s, PointsToEvaluate.parseJson(a.pointsToEvaluate(), "Tpe"));
    }
}
