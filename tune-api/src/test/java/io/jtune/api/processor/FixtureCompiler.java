package io.jtune.api.processor;

import io.jtune.api.Trainable;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.annotation.processing.Processor;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.platform.commons.annotation.Testable;

/** Compiles fixture sources with javac into a folder, with or without the processor. */
final class FixtureCompiler {
    private final Path root;

    FixtureCompiler(Path root) {
        this.root = root;
    }

    /** What one compilation produced: its diagnostics and the folder holding its classes. */
    record Compilation(boolean success, List<Diagnostic<? extends JavaFileObject>> diagnostics, Path classes) {

        List<Diagnostic<? extends JavaFileObject>> errors() {
            return diagnostics.stream().filter(d -> d.getKind() == Diagnostic.Kind.ERROR).toList();
        }

        List<Diagnostic<? extends JavaFileObject>> warnings() {
            return diagnostics.stream().filter(d -> d.getKind() == Diagnostic.Kind.WARNING || d.getKind() == Diagnostic.Kind.MANDATORY_WARNING).toList();
        }

        /** The source line a diagnostic points at. */
        String line(Diagnostic<? extends JavaFileObject> d) {
            try {
                return d.getSource().getCharContent(true).toString().lines().skip(d.getLineNumber() - 1).findFirst().orElse("");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** Loads a compiled class in a loader whose parent shares the test's tune-api classes. */
        Class<?> load(String name) throws Exception {
            URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, FixtureCompiler.class.getClassLoader());
            return Class.forName(name, false, loader);
        }
    }

    /**
     * Compiles sources (file path relative to the source root, e.g. {@code fx/A.java} → text) into
     * {@code out} with the given processor, or with none when it is null.
     */
    Compilation compile(String out, Map<String, String> sources, Processor processor) throws IOException {
        return compile(out, sources, processor, false);
    }

    /** Compiles as a user's build does: javac finds the processor through its service registration. */
    Compilation compileDiscovering(String out, Map<String, String> sources) throws IOException {
        return compile(out, sources, null, true);
    }

    private Compilation compile(String out, Map<String, String> sources, Processor processor, boolean discover) throws IOException {
        Path src = Files.createDirectories(root.resolve(out + "-src"));
        Path classes = Files.createDirectories(root.resolve(out));
        List<File> files = new ArrayList<>();
        for (var e : sources.entrySet()) {
            Path file = src.resolve(e.getKey());
            Files.createDirectories(file.getParent());
            Files.writeString(file, e.getValue());
            files.add(file.toFile());
        }
        List<String> classpath = new ArrayList<>(List.of(codeSource(Trainable.class), codeSource(Testable.class), classes.toString()));
        List<String> options = new ArrayList<>(List.of("-d", classes.toString(), "-classpath", String.join(File.pathSeparator, classpath), "-Xlint:all,-processing"));
        if (processor == null && !discover) {
            options.add("-proc:none");
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager fm = javac.getStandardFileManager(diagnostics, null, null)) {
            JavaCompiler.CompilationTask task = javac.getTask(null, fm, diagnostics, options, null, fm.getJavaFileObjectsFromFiles(files));
            if (processor != null) {
                task.setProcessors(List.of(processor));
            }
            boolean ok = task.call();
            return new Compilation(ok, diagnostics.getDiagnostics(), classes);
        }
    }

    private static String codeSource(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
