package io.jtune.engine.search.auto;

import io.jtune.api.Auto;
import io.jtune.api.spi.AnnotationFactory;
import io.jtune.api.spi.SearchAlgorithm;
import io.jtune.engine.search.model.PointsToEvaluate;
import java.util.OptionalLong;

/** Builds an {@link AutoSearch} from {@link Auto}. */
public final class AutoFactory implements AnnotationFactory<Auto, SearchAlgorithm> {
    @Override
    public SearchAlgorithm create(Auto a) {
        AutoSettings s = new AutoSettings(a.gpDimensions(), a.switchAfter(), OptionalLong.empty());
        return new AutoSearch(a.seed() >= 0 ? s.withSeed(a.seed()) : s, PointsToEvaluate.parseJson(a.pointsToEvaluate(), "Auto"));
    }
}
