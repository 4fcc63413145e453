package io.jtune.engine.search.bohb;

import io.jtune.api.Bohb;
import io.jtune.api.spi.AnnotationFactory;
import io.jtune.api.spi.SearchAlgorithm;
import io.jtune.engine.search.model.PointsToEvaluate;
import java.util.OptionalLong;

/** Builds a {@link BohbSearch} from {@link Bohb}. */
public final class BohbFactory implements AnnotationFactory<Bohb, SearchAlgorithm> {
    @Override
    public SearchAlgorithm create(Bohb a) {
        BohbSettings s = new BohbSettings(a.minPointsInModel(), a.topNPercent(), a.numSamples(), a.randomFraction(), a.bandwidthFactor(),
                a.minBandwidth(), a.budgetAttribute(), OptionalLong.empty());
        return new BohbSearch(a.seed() >= 0 ? s.withSeed(a.seed()) : s, PointsToEvaluate.parseJson(a.pointsToEvaluate(), "Bohb"));
    }
}
