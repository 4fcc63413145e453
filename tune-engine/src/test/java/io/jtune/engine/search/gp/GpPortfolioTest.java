package io.jtune.engine.search.gp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jtune.api.Config;
import io.jtune.api.Mode;
import io.jtune.api.Result;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.engine.search.bench.Problem;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * GP-BO's default portfolio: suggestions take turns between EI on the losses, EI on compressed
 * losses, UCB on the losses and a coordinate search by EI on compressed losses in two of five turns
 * (three members without axis moves), each exactly what that member alone would suggest from the same state, each
 * view of the losses keeping hyperparameters of its own in the saved state.
 */
class GpPortfolioTest {
    private static final Problem LEVY = Problem.box("levy4", 4, -10, 10, Problem::levy, 0);
    private static final int WARM = 30;
    private static final long SEED = 5;

    private static final BayesOptSettings EI = BayesOptSettings.defaults().withAcquisition(Acquisition.EI, 0.0, 2.576);
    private static final BayesOptSettings COORDINATE_SEARCH = EI.withCompressedLosses(true).withCoordinateSearch(true);
    /** The four members. */
    private static final List<BayesOptSettings> MEMBERS = List.of(EI, EI.withCompressedLosses(true), EI.withAcquisition(Acquisition.UCB, 0.0, 2.576),
            COORDINATE_SEARCH);
    /** The turns in order: suggestion {@code k} is made by turn {@code k % 5}, or {@code k % 3} without axis moves. */
    private static final List<BayesOptSettings> TURNS = List.of(MEMBERS.get(0), MEMBERS.get(1), MEMBERS.get(2), COORDINATE_SEARCH, COORDINATE_SEARCH);

    @Test
    void theDefaultIsThePortfolioWithAxisMoves() {
        BayesOptSettings defaults = BayesOptSettings.defaults();
        assertEquals(Acquisition.PORTFOLIO, defaults.acquisition());
        assertTrue(defaults.axisMoves());
        assertEquals(false, defaults.compressLosses());
        assertEquals(false, defaults.coordinateSearch());
        assertEquals(20, defaults.nInitialPoints());
        assertThrows(IllegalStateException.class, () -> Acquisition.PORTFOLIO.score(0, 1, 0, 0, 2.576));
    }

    /** From one saved state, the portfolio's suggestions 30–34 are those of turns 0, 1, 2, 3, 4 (EI, compressed EI, UCB, the coordinate search twice) restored from that state. */
    @Test
    void eachSuggestionIsItsMembers() {
        assertEachSuggestionIsItsMembers(BayesOptSettings.defaults(), TURNS);
    }

    /** Without axis moves the coordinate search leaves: three members take turns, none drawing axis moves. */
    @Test
    void withoutAxisMovesThreeMembersTakeTurns() {
        List<BayesOptSettings> three = new ArrayList<>();
        for (BayesOptSettings member : MEMBERS.subList(0, 3)) {
            three.add(member.withAxisMoves(false));
        }
        assertEachSuggestionIsItsMembers(BayesOptSettings.defaults().withAxisMoves(false), three);
    }

    private static void assertEachSuggestionIsItsMembers(BayesOptSettings settings, List<BayesOptSettings> members) {
        BayesOptSearch portfolio = searcher(settings);
        feed(portfolio, 0, WARM);
        for (int k = WARM; k < WARM + 5; k++) {
            String state = portfolio.saveState();
            BayesOptSearch member = searcher(members.get(k % members.size()));
            member.restoreState(state);
            assertEquals(member.suggest("t" + k), feed(portfolio, k, 1), "suggestion " + k + " is member " + k % members.size() + "'s");
        }
    }

    /** The four members do not agree on the next suggestion, so the turns are not one search under four names. */
    @Test
    void theMembersSuggestDifferently() {
        BayesOptSearch portfolio = searcher(BayesOptSettings.defaults());
        feed(portfolio, 0, WARM);
        String state = portfolio.saveState();
        Set<Config> next = new HashSet<>();
        for (BayesOptSettings settings : MEMBERS) {
            BayesOptSearch member = searcher(settings);
            member.restoreState(state);
            next.add(member.suggest("next"));
        }
        assertEquals(4, next.size(), next.toString());
    }

    @Test
    void aCoordinateSearchWithThePortfolioIsRefusedWithTheWayOut() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BayesOptSettings.defaults().withCoordinateSearch(true));
        assertTrue(e.getMessage().contains("withAcquisition(Acquisition.EI, xi, kappa).withCoordinateSearch(true)"), e.getMessage());
    }

    /** Both views are saved with their own fit; a state written before views existed restores into the view its settings use. */
    @Test
    void theStateHoldsBothViews() throws Exception {
        BayesOptSearch portfolio = searcher(BayesOptSettings.defaults());
        feed(portfolio, 0, WARM);
        JsonNode model = new ObjectMapper().readTree(portfolio.saveState()).path("model");
        JsonNode plain = model.path("plain").path("hyperparameters");
        JsonNode compressed = model.path("compressed").path("hyperparameters");
        assertEquals(4 + 2, plain.size(), model.toString());
        assertEquals(4 + 2, compressed.size(), model.toString());
        assertNotEquals(plain, compressed, "each view is fitted to its own losses");
        assertTrue(model.path("plain").path("fittedAt").asInt() >= 20, model.toString());

        String legacy = portfolio.saveState().replaceFirst("\"model\":\\{.*}}$",
                "\"model\":{\"fittedAt\":" + model.path("compressed").path("fittedAt").asInt() + ",\"hyperparameters\":" + compressed + "}}");
        BayesOptSearch fromLegacy = searcher(MEMBERS.get(1));
        fromLegacy.restoreState(legacy);
        JsonNode restored = new ObjectMapper().readTree(fromLegacy.saveState()).path("model");
        assertEquals(model.path("compressed"), restored.path("compressed"), restored.toString());
    }

    @Test
    void compressedLossesWithThePortfolioAreRefusedWithTheWayOut() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BayesOptSettings.defaults().withCompressedLosses(true));
        assertTrue(e.getMessage().contains("withAcquisition(Acquisition.EI, xi, kappa).withCompressedLosses(true)")
                && e.getMessage().contains("@BayesOpt(acquisition = \"ei\", compressedLosses = true)"), e.getMessage());
    }

    private static BayesOptSearch searcher(BayesOptSettings settings) {
        BayesOptSearch s = new BayesOptSearch(settings.withCandidates(300).withSeed(SEED));
        s.setup(new ExperimentInfo("portfolio", Path.of("."), "loss", Mode.MIN, LEVY.space(), SEED));
        return s;
    }

    /** Suggests and completes {@code count} sequential trials from index {@code from}; returns the last config. */
    private static Config feed(BayesOptSearch s, int from, int count) {
        Config config = null;
        for (int t = from; t < from + count; t++) {
            config = s.suggest("t" + t);
            s.onTrialComplete("t" + t, Result.of(Map.of("loss", LEVY.function().applyAsDouble(config), Result.TRAINING_ITERATION, 1)), false);
        }
        return config;
    }
}
