package io.jtune.api.space;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Conditional entries of a {@link SearchSpace}: which are active, their paths when nested, and the builder's checks. */
class ConditionalSpaceTest {
    private final SearchSpace svm = SearchSpace.builder()
            .choice("kernel", "linear", "poly", "rbf")
            .add("degree", Space.choice(2, 3, 5), Condition.of("kernel", "poly"))
            .add("gamma", Space.loguniform(1e-4, 1), Condition.of("kernel", "poly", "rbf"))
            .add("big_degree", Space.choice(true, false), Condition.of("degree", 5))
            .build();

    @Test
    void onlyEntriesWhoseConditionHoldsStay() {
        Map<String, Object> poly = new LinkedHashMap<>(Map.of("kernel", "poly", "degree", 5, "gamma", 0.1, "big_degree", true));
        assertEquals(poly, svm.activeOnly(poly));
        Map<String, Object> rbf = new LinkedHashMap<>(Map.of("kernel", "rbf", "degree", 5, "gamma", 0.1, "big_degree", true));
        assertEquals(Map.of("kernel", "rbf", "gamma", 0.1), svm.activeOnly(rbf), "big_degree follows degree, which is inactive");
        assertFalse(svm.isActive("gamma", Map.of("kernel", "linear")));
        assertTrue(svm.isActive("kernel", Map.of()));
    }

    @Test
    void nestedConditionsAreKeyedByPath() {
        SearchSpace outer = SearchSpace.builder().nested("model", svm).build();
        assertEquals(Condition.of("model/kernel", "poly", "rbf"), outer.conditions().get("model/gamma"));
        assertTrue(outer.isConditional());
        assertFalse(SearchSpace.builder().uniform("x", 0, 1).build().isConditional());
    }

    @Test
    void theBuilderRefusesConditionsThatCannotHold() {
        assertEquals("parameter 'm' is active when opt=sgd, but there is no parameter 'opt' beside it; it has [optimizer, m]: condition on a choice of the same level",
                refused(SearchSpace.builder().choice("optimizer", "sgd").add("m", Space.uniform(0, 1), Condition.of("opt", "sgd"))));
        assertEquals("parameter 'm' is active when lr=0.1, but 'lr' is not a choice or grid: condition on a choice of the same level",
                refused(SearchSpace.builder().uniform("lr", 0, 1).add("m", Space.uniform(0, 1), Condition.of("lr", 0.1))));
        assertEquals("parameter 'm' is active when optimizer=adagrad, but 'optimizer' never holds adagrad (its values are [sgd, adam])",
                refused(SearchSpace.builder().choice("optimizer", "sgd", "adam").add("m", Space.uniform(0, 1), Condition.of("optimizer", "adagrad"))));
        assertEquals("parameter 'a' is active when b=x, and conditions lead from 'a' back to 'a': conditions must not form a cycle",
                refused(SearchSpace.builder().add("a", Space.choice("x"), Condition.of("b", "x")).add("b", Space.choice("x"), Condition.of("a", "x"))));
        IllegalArgumentException grid = assertThrows(IllegalArgumentException.class,
                () -> SearchSpace.builder().choice("k", "a").add("g", Space.grid(1, 2), Condition.of("k", "a")));
        assertEquals("parameter 'g' is conditional (k=a), so it cannot be a grid (a grid is crossed in every trial): use a choice", grid.getMessage());
    }

    private static String refused(SearchSpace.Builder builder) {
        return assertThrows(IllegalArgumentException.class, builder::build).getMessage();
    }
}
