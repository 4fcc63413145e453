package io.jtune.junit.support;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jtune.api.Trainable;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.platform.commons.annotation.Testable;

/**
 * Compiles fixture sources that must not go through the annotation processor at build time (an
 * invalid {@code @Trainable} would fail the build) into a folder of their own, and runs code with
 * that folder on the context class loader, as a launcher with an extra classpath root does.
 */
public final class FixtureCompiler {

    private FixtureCompiler() {
    }

    /**
     * Compiles {@code sources} (fully qualified class name, or {@code module-info}, to source text)
     * into {@code root} without annotation processing; the annotations are on the class path.
     */
    public static Path compile(Path root, Map<String, String> sources, String... options) throws IOException {
        Path sourceDir = Files.createDirectories(root.resolveSibling(root.getFileName() + "-src"));
        List<String> arguments = new ArrayList<>(List.of("-proc:none", "-d", root.toString(), "-classpath", location(Trainable.class) + File.pathSeparator + location(Testable.class)));
        arguments.addAll(List.of(options));
        for (Map.Entry<String, String> source : sources.entrySet()) {
            Path file = sourceDir.resolve(source.getKey().replace('.', '/') + ".java");
            Files.createDirectories(file.getParent());
            Files.writeString(file, source.getValue());
            arguments.add(file.toString());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
        int status = javac.run(null, diagnostics, diagnostics, arguments.toArray(String[]::new));
        assertEquals(0, status, () -> "fixture sources do not compile:\n" + diagnostics.toString(StandardCharsets.UTF_8));
        return root;
    }

    /** Runs {@code action} with {@code root} added to the context class loader. */
    public static <T> T withClasspathRoot(Path root, Callable<T> action) throws Exception {
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {root.toUri().toURL()}, previous)) {
            thread.setContextClassLoader(loader);
            return action.call();
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    private static String location(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
