package io.jtune.engine.annotated;

import io.jtune.engine.log.LazyLogger;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Enumeration;
import java.util.Optional;

/**
 * Notices a {@code @Trainable} class the annotation processor did not check. The processor lists
 * every class it checked in its index ({@value #INDEX}); a class missing from every index on its
 * class loader was compiled without it, typically because the build names other processors in
 * {@code annotationProcessorPaths} (JMH, Lombok, ...) and so turns off discovery of tune-api's, or
 * compiles with {@code -proc:none}. Such a class is still checked, by the same rules at run time;
 * the warning says how to get the problems as compile errors again. Warns once per class.
 */
final class CompileTimeCheck {
    /** The processor's index: binary names of the classes it checked, one a line. */
    static final String INDEX = "META-INF/jtune/trainables";

    private static final LazyLogger LOG = new LazyLogger(CompileTimeCheck.class);
    private static final ClassValue<Optional<String>> WARNINGS = new ClassValue<>() {
        @Override
        protected Optional<String> computeValue(Class<?> type) {
            Optional<String> warning = warning(type);
            warning.ifPresent(w -> LOG.get().warn(w));
            return warning;
        }
    };

    private CompileTimeCheck() {
    }

    /** Logs the warning for {@code trainableClass} the first time it is seen unchecked. */
    static void warnIfUnchecked(Class<?> trainableClass) {
        WARNINGS.get(trainableClass);
    }

    /** The warning for a class missing from its class loader's processor indexes; empty when it was checked at compile time. */
    static Optional<String> warning(Class<?> trainableClass) {
        if (listed(trainableClass)) {
            return Optional.empty();
        }
        return Optional.of(trainableClass.getName() + " was not checked at compile time: the jtune annotation processor did not run on it"
                + " (the build lists annotationProcessorPaths without io.jtune:tune-api, or compiles with -proc:none), so its rules"
                + " are checked only now, at run time. To get each problem as a compile error on its element, add io.jtune:tune-api"
                + " to maven-compiler-plugin's <annotationProcessorPaths> next to the other processors (Gradle: annotationProcessor"
                + " 'io.jtune:tune-api:<version>')");
    }

    private static boolean listed(Class<?> trainableClass) {
        ClassLoader loader = trainableClass.getClassLoader() != null ? trainableClass.getClassLoader() : ClassLoader.getSystemClassLoader();
        String name = trainableClass.getName();
        try {
            Enumeration<URL> indexes = loader.getResources(INDEX);
            while (indexes.hasMoreElements()) {
                if (lists(indexes.nextElement(), name)) {
                    return true;
                }
            }
            return false;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the jtune index " + INDEX + " on the class path of " + name + ": " + e.getMessage(), e);
        }
    }

    private static boolean lists(URL index, String name) throws IOException {
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(index.openStream(), StandardCharsets.UTF_8))) {
            return lines.lines().map(String::trim).anyMatch(name::equals);
        }
    }
}
