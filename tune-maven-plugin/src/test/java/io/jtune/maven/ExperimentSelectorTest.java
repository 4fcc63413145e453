package io.jtune.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ExperimentSelectorTest {

    private static final List<String> CLASSES = List.of(
            "com.acme.digits.MnistTuning",
            "com.acme.digits.MnistPbt",
            "com.acme.regression.DiabetesTuning",
            "com.acme.Outer$NestedTuning");

    @Test
    void noPatternSelectsEverything() {
        assertEquals(CLASSES, ExperimentSelector.parse(null).select(CLASSES));
        assertEquals(CLASSES, ExperimentSelector.parse("  ").select(CLASSES));
        assertEquals(CLASSES, ExperimentSelector.parse(" , ").select(CLASSES));
    }

    @Test
    void aPatternWithoutDotsMatchesTheSimpleName() {
        assertEquals(List.of("com.acme.digits.MnistTuning", "com.acme.digits.MnistPbt"),
                ExperimentSelector.parse("Mnist*").select(CLASSES));
        assertEquals(List.of("com.acme.regression.DiabetesTuning"),
                ExperimentSelector.parse("DiabetesTuning").select(CLASSES));
        assertEquals(List.of("com.acme.Outer$NestedTuning"),
                ExperimentSelector.parse("NestedTuning").select(CLASSES));
    }

    @Test
    void aSimpleNameMustMatchWholly() {
        assertFalse(ExperimentSelector.parse("Mnist").matches("com.acme.digits.MnistTuning"));
        assertFalse(ExperimentSelector.parse("Tuning").matches("com.acme.digits.MnistTuning"));
    }

    @Test
    void aPatternWithDotsMatchesTheQualifiedName() {
        assertEquals(List.of("com.acme.digits.MnistTuning", "com.acme.digits.MnistPbt"),
                ExperimentSelector.parse("com.acme.digits.*").select(CLASSES));
        // * crosses dots, so a nested class (Outer.NestedTuning) matches too
        assertEquals(List.of("com.acme.digits.MnistTuning", "com.acme.regression.DiabetesTuning", "com.acme.Outer$NestedTuning"),
                ExperimentSelector.parse("com.acme.*.*Tuning").select(CLASSES));
        assertFalse(ExperimentSelector.parse("acme.digits.MnistTuning").matches("com.acme.digits.MnistTuning"));
    }

    @Test
    void aNestedClassMatchesWithDollarOrDot() {
        assertTrue(ExperimentSelector.parse("com.acme.Outer$NestedTuning").matches("com.acme.Outer$NestedTuning"));
        assertTrue(ExperimentSelector.parse("com.acme.Outer.NestedTuning").matches("com.acme.Outer$NestedTuning"));
    }

    @Test
    void questionMarkIsOneCharacterAndOtherCharactersAreLiteral() {
        assertTrue(ExperimentSelector.parse("Mnist???").matches("com.acme.digits.MnistPbt"));
        assertFalse(ExperimentSelector.parse("Mnist??").matches("com.acme.digits.MnistPbt"));
        // a regex metacharacter in a pattern is taken literally: "." in a simple name would be a qualified pattern
        assertFalse(ExperimentSelector.parse("Mnist(Pbt)").matches("com.acme.digits.MnistPbt"));
    }

    @Test
    void severalPatternsAreAlternativesAndKeepTheClassOrder() {
        ExperimentSelector selector = ExperimentSelector.parse(" DiabetesTuning , com.acme.digits.MnistPbt ");
        assertEquals(List.of("com.acme.digits.MnistPbt", "com.acme.regression.DiabetesTuning"), selector.select(CLASSES));
        assertEquals("DiabetesTuning , com.acme.digits.MnistPbt", selector.toString());
    }
}
