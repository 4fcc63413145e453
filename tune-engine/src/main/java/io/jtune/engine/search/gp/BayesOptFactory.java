package io.jtune.engine.search.gp;

import io.jtune.api.BayesOpt;
import io.jtune.api.spi.AnnotationFactory;
import io.jtune.api.spi.SearchAlgorithm;
import io.jtune.engine.search.model.PointsToEvaluate;
import java.util.OptionalLong;
import java.util.Locale;

/** Builds a {@link BayesOptSearch} from {@link BayesOpt}. */
public final class BayesOptFactory implements AnnotationFactory<BayesOpt, SearchAlgorithm> {
    @Override
    public SearchAlgorithm create(BayesOpt a) {
        Acquisition acquisition = switch (a.acquisition().toLowerCase(Locale.ROOT)) {
            case "ei" -> Acquisition.EI;
            case "ucb" -> Acquisition.UCB;
            case "portfolio" -> Acquisition.PORTFOLIO;
            default -> throw new IllegalArgumentException("@BayesOpt(acquisition = \"" + a.acquisition() + "\"): use \"portfolio\", \"ei\" or \"ucb\"");
        };
        BayesOptSettings s = new BayesOptSettings(acquisition, a.xi(), a.kappa(), a.nInitialPoints(), a.maxObservations(), a.refitEvery(),
                a.candidates(), OptionalLong.empty(), a.compressedLosses(), a.axisMoves(), a.coordinateSearch());
        return new BayesOptSearch(a.seed() >= 0 ? s.withSeed(a.seed()) : s, PointsToEvaluate.parseJson(a.pointsToEvaluate(), "BayesOpt"));
    }
}
