package io.jtune.engine.search.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.jtune.engine.search.bohb.BohbSettings;
import io.jtune.engine.search.cmaes.CmaEsSettings;
import io.jtune.engine.search.gp.BayesOptSettings;
import io.jtune.engine.search.tpe.TpeSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** A bad knob fails where it is set, naming the searcher, the knob and the value. */
class SettingsValidationTest {

    private static void fails(String message, Executable settings) {
        assertEquals(message, assertThrows(IllegalArgumentException.class, settings).getMessage());
    }

    @Test
    void badKnobsAreNamed() {
        fails("TPE: gamma must be in (0, 1], got 0.0", () -> TpeSettings.defaults().withGamma(0, 25));
        fails("TPE: nEiCandidates must be >= 1, got 0", () -> TpeSettings.defaults().withNEiCandidates(0));
        fails("BayesOpt: maxObservations must be >= 10, got 5", () -> BayesOptSettings.defaults().withMaxObservations(5));
        fails("CMA-ES: sigma0 must be in (0, 1] (a fraction of each parameter's range), got 2.0", () -> CmaEsSettings.defaults().withSigma0(2));
        fails("CMA-ES: populationSize must be 0 (default) or >= 2, got 1", () -> CmaEsSettings.defaults().withPopulationSize(1));
        fails("BOHB: topNPercent must be in [1, 99], got 100", () -> BohbSettings.defaults().withTopNPercent(100));
        fails("BOHB: budgetAttribute must name a result field, got ' '", () -> BohbSettings.defaults().withBudgetAttribute(" "));
    }
}
