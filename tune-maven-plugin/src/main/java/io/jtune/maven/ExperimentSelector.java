package io.jtune.maven;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Chooses experiments by the comma-separated class-name patterns of {@code jtune.experiments}.
 * A pattern without a dot matches a class's simple name ({@code Mnist*}); one with a dot matches
 * its fully qualified name ({@code com.acme.*.MnistTuning}), where a nested class may be written
 * with {@code $} or {@code .}. {@code *} stands for any characters (dots included), {@code ?} for
 * one. No pattern (null or blank) selects every class.
 */
final class ExperimentSelector {
    private final String text;
    private final List<Pattern> simpleNames = new ArrayList<>();
    private final List<Pattern> qualifiedNames = new ArrayList<>();

    private ExperimentSelector(String text) {
        this.text = text;
    }

    /** Parses the patterns; blank entries between commas are ignored. */
    static ExperimentSelector parse(String patterns) {
        ExperimentSelector selector = new ExperimentSelector(patterns == null ? "" : patterns.trim());
        for (String raw : selector.text.split(",")) {
            String pattern = raw.trim();
            if (pattern.isEmpty()) {
                continue;
            }
            (pattern.indexOf('.') >= 0 ? selector.qualifiedNames : selector.simpleNames).add(toRegex(pattern));
        }
        return selector;
    }

    /** True when no pattern was given. */
    boolean selectsAll() {
        return simpleNames.isEmpty() && qualifiedNames.isEmpty();
    }

    /** The classes (binary names) that match, in the given order. */
    List<String> select(List<String> classNames) {
        return classNames.stream().filter(this::matches).toList();
    }

    boolean matches(String binaryName) {
        if (selectsAll()) {
            return true;
        }
        String canonical = binaryName.replace('$', '.');
        String simple = canonical.substring(canonical.lastIndexOf('.') + 1);
        return simpleNames.stream().anyMatch(p -> p.matcher(simple).matches())
                || qualifiedNames.stream().anyMatch(p -> p.matcher(binaryName).matches() || p.matcher(canonical).matches());
    }

    /** The patterns as the user wrote them. */
    @Override
    public String toString() {
        return text;
    }

    private static Pattern toRegex(String glob) {
        StringBuilder regex = new StringBuilder();
        StringBuilder literal = new StringBuilder();
        for (char c : glob.toCharArray()) {
            if (c == '*' || c == '?') {
                regex.append(Pattern.quote(literal.toString())).append(c == '*' ? ".*" : ".");
                literal.setLength(0);
            } else {
                literal.append(c);
            }
        }
        return Pattern.compile(regex.append(Pattern.quote(literal.toString())).toString());
    }
}
