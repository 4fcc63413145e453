package io.jtune.engine.search.cmaes;

import io.jtune.api.CmaEs;
import io.jtune.api.spi.AnnotationFactory;
import io.jtune.api.spi.SearchAlgorithm;
import io.jtune.engine.search.model.PointsToEvaluate;
import java.util.OptionalLong;

/** Builds a {@link CmaEsSearch} from {@link CmaEs}. */
public final class CmaEsFactory implements AnnotationFactory<CmaEs, SearchAlgorithm> {
    @Override
    public SearchAlgorithm create(CmaEs a) {
        CmaEsSettings s = new CmaEsSettings(a.sigma0(), a.populationSize(), a.restarts(), OptionalLong.empty());
        return new CmaEsSearch(a.seed() >= 0 ? s.withSeed(a.seed()) : s, PointsToEvaluate.parseJson(a.pointsToEvaluate(), "CmaEs"));
    }
}
