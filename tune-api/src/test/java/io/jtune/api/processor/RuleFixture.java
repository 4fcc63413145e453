package io.jtune.api.processor;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One fixture: sources for one rule (a class named {@code fx.Fx} unless said otherwise) and the
 * problems both front ends must report, each as the element's simple name and the message.
 */
final class RuleFixture {
    static final String HEADER = "package fx;\nimport io.jtune.api.*;\nimport io.jtune.api.spi.*;\nimport java.nio.file.Path;\nimport java.util.Map;\n";
    /** A valid step, for fixtures about something else. */
    static final String STEP = "@Step public Map<String, Object> step() { return Map.of(\"loss\", 1.0); }";
    /** A valid parameter. */
    static final String PARAM = "@Param @Uniform(min = 0, max = 1) double lr;";

    /** A problem as both front ends must report it. */
    record Expected(String element, String message) implements Comparable<Expected> {
        @Override
        public int compareTo(Expected o) {
            return (message + element).compareTo(o.message + o.element);
        }
    }

    final String rule;
    final Map<String, String> sources = new LinkedHashMap<>();
    String className = "fx.Fx";
    final List<Expected> expected = new ArrayList<>();

    private RuleFixture(String rule) {
        this.rule = rule;
    }

    /** A fixture whose class {@code Fx} carries {@code annotations} (including @Trainable) and {@code members}. */
    static RuleFixture of(String rule, String annotations, String... members) {
        RuleFixture f = new RuleFixture(rule);
        f.sources.put("fx/Fx.java", HEADER + annotations + "\npublic class Fx {\n    " + String.join("\n    ", members) + "\n}\n");
        return f;
    }

    /** A fixture given as whole source text of {@code fx/Fx.java}. */
    static RuleFixture source(String rule, String text) {
        RuleFixture f = new RuleFixture(rule);
        f.sources.put("fx/Fx.java", HEADER + text);
        return f;
    }

    RuleFixture with(String path, String text) {
        sources.put(path, text);
        return this;
    }

    RuleFixture loading(String name) {
        className = name;
        return this;
    }

    RuleFixture expect(String element, String message) {
        expected.add(new Expected(element, message));
        return this;
    }

    @Override
    public String toString() {
        return rule;
    }
}
