package io.jtune.api.validation;

import io.jtune.api.Choice;
import io.jtune.api.Grid;
import io.jtune.api.IntRange;
import io.jtune.api.LogUniform;
import io.jtune.api.Normal;
import io.jtune.api.Param;
import io.jtune.api.Uniform;
import java.lang.annotation.Annotation;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** {@code @Param} fields and their domain annotations. */
final class ParamRules implements RuleGroup {

    @Override
    public void check(TypeModel type, Problems problems) {
        Map<String, FieldModel> byName = new HashMap<>();
        for (FieldModel field : type.fields()) {
            List<Annotation> domains = ParamDomains.domainAnnotations(field);
            if (!field.has(Param.class)) {
                if (!domains.isEmpty()) {
                    problems.add(field, "field '" + field.name() + "' has @" + simpleName(domains.get(0)) + " but no @Param: add @Param (or remove the domain annotation)");
                }
                continue;
            }
            checkField(field, domains, problems);
            String name = ParamDomains.paramName(field);
            FieldModel other = byName.putIfAbsent(name, field);
            if (other != null) {
                problems.add(field, "@Param name '" + name + "' is used by fields '" + other.name() + "' and '" + field.name() + "': give each parameter its own name");
            }
        }
    }

    private static void checkField(FieldModel field, List<Annotation> domains, Problems problems) {
        String what = "@Param field '" + field.name() + "'";
        if (field.isFinal()) {
            problems.add(field, what + " must not be final: the engine sets it for each trial");
        }
        if (field.isStatic()) {
            problems.add(field, what + " must not be static: each trial has its own value; make it an instance field");
        }
        String name = ParamDomains.paramName(field);
        if (name.contains("/")) {
            problems.add(field, what + " has the name '" + name + "', which must not contain '/'");
        }
        ValueType type = field.type();
        if (type.kind() == ValueType.Kind.UNSUPPORTED) {
            problems.add(field, what + " has type " + type.name().simple() + ", which cannot hold a parameter: use int, long, double, float, boolean, their wrappers, String or an enum");
            return;
        }
        if (domains.isEmpty()) {
            problems.add(field, what + " has no domain: add one of " + ParamDomains.ANNOTATIONS.stream().map(c -> "@" + c.getSimpleName()).collect(Collectors.joining(", ")));
            return;
        }
        if (domains.size() > 1) {
            problems.add(field, what + " has " + domains.size() + " domains (" + domains.stream().map(d -> "@" + simpleName(d)).collect(Collectors.joining(", "))
                    + "): keep exactly one");
            return;
        }
        checkDomain(field, domains.get(0), type, problems);
    }

    private static void checkDomain(FieldModel field, Annotation domain, ValueType type, Problems problems) {
        String on = "@" + simpleName(domain) + " on field '" + field.name() + "'";
        String fit = fitProblem(domain, type);
        if (fit != null) {
            problems.add(field, on + " does not fit its type " + type.name().simple() + ": " + fit);
            return;
        }
        String bounds = boundsProblem(domain);
        if (bounds != null) {
            problems.add(field, on + ": " + bounds);
            return;
        }
        if (!valuesConvert(domain, type, on, field, problems)) {
            return;
        }
        try {
            ParamDomains.of(domain, type).validate(ParamDomains.paramName(field));
        } catch (IllegalArgumentException e) {
            problems.add(field, on + ": " + e.getMessage());
        }
    }

    /** Reports each choice or grid value that does not convert to the field's type; true when all do. */
    private static boolean valuesConvert(Annotation domain, ValueType type, String on, FieldModel field, Problems problems) {
        String[] texts = domain instanceof Choice c ? c.value() : domain instanceof Grid g ? g.value() : new String[0];
        boolean ok = true;
        for (String text : texts) {
            try {
                ParamValues.fromText(text, type);
            } catch (IllegalArgumentException e) {
                problems.add(field, on + ": value " + e.getMessage() + "; write values of type " + type.name().simple());
                ok = false;
            }
        }
        return ok;
    }

    /** Why the domain cannot produce values of the field's type, or null when it can. */
    private static String fitProblem(Annotation domain, ValueType type) {
        boolean floatDomain = domain instanceof Uniform || domain instanceof LogUniform || domain instanceof Normal;
        if (floatDomain && !type.kind().isFloating()) {
            return "it draws fractional values; make the field double or float" + (type.kind().isIntegral() ? ", or use @IntRange" : ", or use @Choice");
        }
        if (domain instanceof IntRange && !type.kind().isIntegral()) {
            return "it draws integers; make the field int or long" + (type.kind().isFloating() ? ", or use @Uniform" : ", or use @Choice");
        }
        return null;
    }

    /** The problem of the annotation's own bounds, in the annotation's terms, or null. */
    private static String boundsProblem(Annotation domain) {
        if (domain instanceof Uniform u) {
            return floatBounds(u.min(), u.max(), u.q(), false);
        }
        if (domain instanceof LogUniform l) {
            return floatBounds(l.min(), l.max(), l.q(), true);
        }
        if (domain instanceof Normal n) {
            if (!(n.sd() > 0)) {
                return "sd must be > 0, got sd = " + n.sd();
            }
            return n.q() < 0 ? "q must be >= 0 (0 means no quantisation), got q = " + n.q() : null;
        }
        if (domain instanceof IntRange r) {
            return intBounds(r);
        }
        if (domain instanceof Choice c && c.value().length == 0) {
            return "no values: give at least one";
        }
        if (domain instanceof Grid g && g.value().length == 0) {
            return "no values: give at least one";
        }
        return null;
    }

    private static String floatBounds(double min, double max, double q, boolean log) {
        if (!(min < max)) {
            return "min must be < max, got min = " + min + ", max = " + max;
        }
        if (log && !(min > 0)) {
            return "min must be > 0 on a log scale, got min = " + min + " (give the value itself, not its logarithm)";
        }
        return q < 0 ? "q must be >= 0 (0 means no quantisation), got q = " + q : null;
    }

    private static String intBounds(IntRange r) {
        if (r.step() < 0) {
            return "step must be >= 0 (0 means no quantisation), got step = " + r.step();
        }
        if (r.step() == 0 && r.min() >= r.max()) {
            return "min must be < max (max is excluded; use step = 1 to include it), got min = " + r.min() + ", max = " + r.max();
        }
        if (r.step() > 0 && r.min() > r.max()) {
            return "min must be <= max, got min = " + r.min() + ", max = " + r.max();
        }
        if (r.log() && r.min() <= 0) {
            return "min must be > 0 on a log scale, got min = " + r.min();
        }
        return null;
    }

    static String simpleName(Annotation a) {
        return a.annotationType().getSimpleName();
    }
}
