package io.jtune.engine.search.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.BayesOpt;
import io.jtune.api.Bohb;
import io.jtune.api.CmaEs;
import io.jtune.api.Config;
import io.jtune.api.SearcherAnnotation;
import io.jtune.api.Tpe;
import io.jtune.api.spi.AnnotationFactory;
import io.jtune.api.spi.SearchAlgorithm;
import io.jtune.engine.search.bench.Driver;
import io.jtune.engine.search.bench.Problem;
import io.jtune.engine.search.bohb.BohbSearch;
import io.jtune.engine.search.cmaes.CmaEsSearch;
import io.jtune.engine.search.gp.Acquisition;
import io.jtune.engine.search.gp.BayesOptSearch;
import io.jtune.engine.search.gp.BayesOptSettings;
import io.jtune.engine.search.tpe.TpeSearch;
import io.jtune.engine.search.tpe.TpeSettings;
import java.lang.annotation.Annotation;
import org.junit.jupiter.api.Test;

/** Each searcher annotation names a factory that builds its searcher with the annotation's knobs, as the engine does (by name). */
class AnnotationFactoryTest {

    @Tpe(nStartupTrials = 3, gamma = 0.2, gammaMax = 10, multivariate = true, seed = 42, pointsToEvaluate = "{\"x1\": 2.5, \"x2\": 7}")
    static final class TpeTrainable {
    }

    @BayesOpt(acquisition = "UCB", kappa = 1.5, compressedLosses = true, axisMoves = true, coordinateSearch = true, nInitialPoints = 7)
    static final class GpTrainable {
    }

    @BayesOpt(acquisition = "pi")
    static final class BadAcquisition {
    }

    @CmaEs(populationSize = 12)
    static final class CmaTrainable {
    }

    @Bohb(pointsToEvaluate = "{x1: 1}")
    static final class BadJson {
    }

    @Bohb(topNPercent = 20)
    static final class BohbTrainable {
    }

    @SuppressWarnings("unchecked")
    private static <A extends Annotation> SearchAlgorithm build(Class<?> type, Class<A> annotationType) throws ReflectiveOperationException {
        A annotation = type.getAnnotation(annotationType);
        String factory = annotationType.getAnnotation(SearcherAnnotation.class).factory();
        AnnotationFactory<A, SearchAlgorithm> f = (AnnotationFactory<A, SearchAlgorithm>) Class.forName(factory).getConstructor().newInstance();
        return f.create(annotation);
    }

    @Test
    void tpeAnnotationCarriesEveryKnobAndThePoints() throws ReflectiveOperationException {
        TpeSearch s = assertInstanceOf(TpeSearch.class, build(TpeTrainable.class, Tpe.class));
        TpeSettings settings = s.settings();
        assertEquals(3, settings.nStartupTrials());
        assertEquals(0.2, settings.gamma());
        assertEquals(10, settings.gammaMax());
        assertTrue(settings.multivariate());
        assertEquals(42, settings.seed().getAsLong());
        s.setup(Driver.experiment(Problem.branin(), 1));
        Config first = s.suggest("t0");
        assertEquals(2.5, first.getDouble("x1"));
        assertEquals(7, first.getInt("x2"));
    }

    @Test
    void bayesOptAnnotationCarriesItsKnobs() throws ReflectiveOperationException {
        BayesOptSettings settings = assertInstanceOf(BayesOptSearch.class, build(GpTrainable.class, BayesOpt.class)).settings();
        assertEquals(Acquisition.UCB, settings.acquisition());
        assertEquals(1.5, settings.kappa());
        assertTrue(settings.compressLosses());
        assertTrue(settings.axisMoves());
        assertTrue(settings.coordinateSearch());
        assertEquals(7, settings.nInitialPoints());
    }

    @Test
    void everySearcherAnnotationBuildsItsSearcher() throws ReflectiveOperationException {
        assertInstanceOf(BayesOptSearch.class, build(GpTrainable.class, BayesOpt.class));
        assertInstanceOf(CmaEsSearch.class, build(CmaTrainable.class, CmaEs.class));
        assertInstanceOf(BohbSearch.class, build(BohbTrainable.class, Bohb.class));
        for (Class<? extends Annotation> a : java.util.List.of(Tpe.class, BayesOpt.class, CmaEs.class, Bohb.class)) {
            assertTrue(a.getAnnotation(SearcherAnnotation.class).needsMetric(), a.getSimpleName());
        }
    }

    @Test
    void anUnknownAcquisitionIsNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> build(BadAcquisition.class, BayesOpt.class));
        assertTrue(e.getMessage().contains("\"pi\"") && e.getMessage().contains("\"ucb\""), e.getMessage());
    }

    @Test
    void pointsThatAreNotJsonAreNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> build(BadJson.class, Bohb.class));
        assertTrue(e.getMessage().startsWith("@Bohb(pointsToEvaluate): '{x1: 1}'"), e.getMessage());
    }
}
