package io.jtune.api.validation;

import io.jtune.api.Config;
import io.jtune.api.Reset;
import io.jtune.api.Restore;
import io.jtune.api.Save;
import io.jtune.api.Setup;
import io.jtune.api.Teardown;
import java.lang.annotation.Annotation;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** {@code @Setup}, {@code @Save}, {@code @Restore}, {@code @Reset} and {@code @Teardown} methods. */
final class LifecycleRules implements RuleGroup {

    /** What each lifecycle annotation accepts as parameters, as messages say it. */
    private static final Map<Class<? extends Annotation>, String> PARAMETERS = Map.of(
            Setup.class, "no parameter or one Config",
            Reset.class, "no parameter or one Config",
            Save.class, "one java.nio.file.Path",
            Restore.class, "one java.nio.file.Path",
            Teardown.class, "no parameters");

    private static final List<Class<? extends Annotation>> ORDER = List.of(Setup.class, Save.class, Restore.class, Reset.class, Teardown.class);

    @Override
    public void check(TypeModel type, Problems problems) {
        for (Class<? extends Annotation> annotation : ORDER) {
            List<MethodModel> methods = type.methods().stream().filter(m -> m.has(annotation)).toList();
            String label = "@" + annotation.getSimpleName();
            if (methods.size() > 1) {
                String all = methods.stream().map(MethodModel::signature).sorted().collect(Collectors.joining(", "));
                methods.forEach(m -> problems.add(m, label + " is on " + methods.size() + " methods (" + all + "): keep at most one"));
            }
            for (MethodModel m : methods) {
                String what = label + " method '" + m.signature() + "'";
                checkCallable(type, m, what, problems);
                if (!parametersFit(annotation, m.parameterTypes())) {
                    problems.add(m, what + " must take " + PARAMETERS.get(annotation));
                }
                if (annotation == Reset.class && !m.result().type().qualified().equals("boolean")) {
                    problems.add(m, what + " must return boolean: true when the instance is ready for the new config, false to have a new one made");
                }
            }
        }
        pair(type, Save.class, Restore.class, problems);
        pair(type, Restore.class, Save.class, problems);
    }

    private static boolean parametersFit(Class<? extends Annotation> annotation, List<TypeName> params) {
        if (annotation == Save.class || annotation == Restore.class) {
            return params.size() == 1 && params.get(0).is(Path.class);
        }
        if (annotation == Teardown.class) {
            return params.isEmpty();
        }
        return params.isEmpty() || params.size() == 1 && params.get(0).is(Config.class);
    }

    private static void pair(TypeModel type, Class<? extends Annotation> present, Class<? extends Annotation> required, Problems problems) {
        if (type.methods().stream().anyMatch(m -> m.has(required))) {
            return;
        }
        type.methods().stream().filter(m -> m.has(present)).forEach(m -> problems.add(m, "@" + present.getSimpleName() + " method '" + m.signature()
                + "' has no @" + required.getSimpleName() + " method to go with it: add one taking a Path (checkpoints need both)"));
    }

    /** The generated adapter calls the method directly: it must be an instance method it can reach. */
    static void checkCallable(TypeModel type, MethodModel m, String what, Problems problems) {
        if (m.visibility() == Visibility.PRIVATE) {
            problems.add(m, what + " must not be private: the generated adapter calls it directly; make it package-private or public");
        } else if (m.visibility() != Visibility.PUBLIC && !m.declaringPackage().equals(type.packageName())) {
            problems.add(m, what + " is declared in package " + m.declaringPackage() + " without public access: make it public so the generated adapter in package "
                    + type.packageName() + " can call it");
        }
        if (m.isStatic()) {
            problems.add(m, what + " must not be static: it runs on the trial's own instance");
        }
    }
}
