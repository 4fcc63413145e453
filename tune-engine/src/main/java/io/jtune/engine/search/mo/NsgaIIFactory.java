package io.jtune.engine.search.mo;

import io.jtune.api.NsgaII;
import io.jtune.api.spi.AnnotationFactory;
import io.jtune.api.spi.SearchAlgorithm;
import java.util.OptionalLong;

/** Builds an {@link NsgaIISearch} from {@link NsgaII}. */
public final class NsgaIIFactory implements AnnotationFactory<NsgaII, SearchAlgorithm> {
    @Override
    public SearchAlgorithm create(NsgaII a) {
        return new NsgaIISearch(new NsgaIISettings(a.populationSize(), a.mutationProb() < 0 ? Double.NaN : a.mutationProb(), a.crossoverProb(),
                a.swappingProb(), a.seed() >= 0 ? OptionalLong.of(a.seed()) : OptionalLong.empty()));
    }
}
