package io.jtune.maven;

import io.github.classgraph.ClassGraph;
import io.github.classgraph.ClassInfo;
import io.github.classgraph.ScanResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Finds the {@code @Trainable} classes of a project in its output folders (main, then test
 * classes), without loading any class. A folder with the annotation processor's index
 * {@value #INDEX} is read from it; a folder without one (compiled without the processor) is
 * scanned for the annotation in the class files. Classes of dependencies are never run.
 */
final class TrainableDiscovery {
    /** The processor's index: one binary class name a line. */
    static final String INDEX = "META-INF/jtune/trainables";
    static final String ANNOTATION = "io.jtune.api.Trainable";

    /** What was found, sorted by name, and how each folder was read (for the debug log). */
    record Found(List<String> classNames, List<String> sources) {
    }

    private TrainableDiscovery() {
    }

    static Found in(List<Path> outputDirs) {
        TreeSet<String> names = new TreeSet<>();
        List<String> sources = new ArrayList<>();
        for (Path dir : outputDirs) {
            if (!Files.isDirectory(dir)) {
                continue;
            }
            Path index = dir.resolve(INDEX);
            if (Files.isRegularFile(index)) {
                names.addAll(readIndex(index));
                sources.add("index " + index);
            } else {
                names.addAll(scan(dir));
                sources.add("class files in " + dir + " (no " + INDEX + ")");
            }
        }
        return new Found(List.copyOf(names), List.copyOf(sources));
    }

    private static List<String> readIndex(Path index) {
        try {
            return Files.readAllLines(index, StandardCharsets.UTF_8).stream()
                    .map(String::strip)
                    .filter(line -> !line.isEmpty() && !line.startsWith("#"))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the trainable index " + index + ": " + e.getMessage(), e);
        }
    }

    private static List<String> scan(Path dir) {
        try (ScanResult scan = new ClassGraph().overrideClasspath(dir.toString())
                .enableClassInfo().enableAnnotationInfo().ignoreClassVisibility().scan()) {
            return scan.getClassesWithAnnotation(ANNOTATION).stream()
                    .filter(c -> !c.isAbstract() && !c.isInterface())
                    .map(ClassInfo::getName)
                    .toList();
        }
    }
}
