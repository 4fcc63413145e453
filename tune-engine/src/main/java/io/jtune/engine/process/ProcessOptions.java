package io.jtune.engine.process;

import io.jtune.api.ConfigurationKeys;
import io.jtune.engine.exec.ExecutorFactory;
import java.io.File;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * How the process executor starts its worker JVMs.
 *
 * @param java the {@code java} launcher (default: the driver's, from {@code java.home})
 * @param classPath the workers' class path; it must hold the trainable, its dependencies and jtune
 *     (default: the files of the thread's context class loader when it is a {@link URLClassLoader},
 *     as in {@code tune:run}, else the driver's {@code java.class.path})
 * @param jvmOptions options for every worker JVM, before the per-trial ones (a trial's memory
 *     request adds {@code -Xmx}, which overrides one given here); default: the system property
 *     {@value #JVM_OPTIONS_PROPERTY}, split at white space
 */
public record ProcessOptions(Path java, String classPath, List<String> jvmOptions) {
    /** Extra options for every worker JVM when none are given in code, e.g. {@code -Djtune.process.jvmOptions="-XX:+UseParallelGC -Xss2m"}. */
    public static final String JVM_OPTIONS_PROPERTY = ConfigurationKeys.PROCESS_JVM_OPTIONS;

    public ProcessOptions {
        Objects.requireNonNull(java, "java launcher");
        if (classPath == null || classPath.isBlank()) {
            throw new IllegalArgumentException("the worker class path must not be empty: it must hold the trainable class, its dependencies and jtune");
        }
        jvmOptions = List.copyOf(jvmOptions);
    }

    /** The driver's own {@code java} and class path (see {@link #classPath()}), the JVM options of {@value #JVM_OPTIONS_PROPERTY}. */
    public static ProcessOptions defaults() {
        String options = System.getProperty(JVM_OPTIONS_PROPERTY, "").trim();
        return new ProcessOptions(Path.of(System.getProperty("java.home"), "bin", "java"), classPathOf(Thread.currentThread().getContextClassLoader()),
                options.isEmpty() ? List.of() : List.of(options.split("\\s+")));
    }

    /** The file class path {@code loader} loads from when it is a {@link URLClassLoader} of files, else {@code java.class.path}. */
    static String classPathOf(ClassLoader loader) {
        if (loader instanceof URLClassLoader urls && urls.getURLs().length > 0
                && Arrays.stream(urls.getURLs()).allMatch(u -> "file".equals(u.getProtocol()))) {
            return Arrays.stream(urls.getURLs()).map(ProcessOptions::file).collect(Collectors.joining(File.pathSeparator));
        }
        return System.getProperty("java.class.path");
    }

    private static String file(URL url) {
        try {
            return Path.of(url.toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("class path entry " + url + " is not a file path", e);
        }
    }

    public ProcessOptions withClassPath(String path) {
        return new ProcessOptions(java, path, jvmOptions);
    }

    /** These options added to every worker JVM's command line (e.g. {@code -XX:+UseParallelGC}, {@code -Dkey=value}). */
    public ProcessOptions withJvmOptions(String... options) {
        List<String> all = new ArrayList<>(jvmOptions);
        all.addAll(List.of(options));
        return new ProcessOptions(java, classPath, all);
    }

    /** Each trial in a pooled worker JVM of this machine, started as these options say. */
    public ExecutorFactory executor() {
        return spec -> new ProcessTrialExecutor(spec.trainable(), spec.machine(), spec.reuseTrainables(), this);
    }
}
