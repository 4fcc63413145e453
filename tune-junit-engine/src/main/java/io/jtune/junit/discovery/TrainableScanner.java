package io.jtune.junit.discovery;

import io.github.classgraph.ClassGraph;
import io.github.classgraph.ClassInfo;
import io.github.classgraph.Resource;
import io.github.classgraph.ScanResult;
import io.jtune.api.Trainable;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Finds the names of {@code @Trainable} classes in a {@link ScanScope} with ClassGraph. A classpath
 * element holding the annotation processor's index ({@value #INDEX_RESOURCE}) is taken at its word
 * and its class files are not read; the other elements are scanned for the annotation.
 */
final class TrainableScanner {

    /** The processor's index: one class name a line. */
    static final String INDEX_RESOURCE = "META-INF/jtune/trainables";

    private static final String INDEX_FOLDER = INDEX_RESOURCE.substring(0, INDEX_RESOURCE.lastIndexOf('/'));
    private static final String TRAINABLE = Trainable.class.getName();

    private final DiscoveryProblems issues;

    TrainableScanner(DiscoveryProblems issues) {
        this.issues = issues;
    }

    /** The {@code @Trainable} class names in scope, sorted. */
    Set<String> find(ScanScope scope) {
        Map<String, List<String>> indexes = readIndexes(scope);
        Set<String> names = new TreeSet<>();
        indexes.values().forEach(listed -> listed.stream().filter(scope::containsClassName).forEach(names::add));
        ClassGraph graph = scope.restrict(new ClassGraph(), true)
                .enableAnnotationInfo()
                .ignoreClassVisibility()
                .filterClasspathElementsByURL(url -> !indexes.containsKey(ClasspathElements.key(url)));
        try (ScanResult scan = graph.scan()) {
            for (ClassInfo info : scan.getClassesWithAnnotation(TRAINABLE)) {
                if (!indexes.containsKey(ClasspathElements.key(info.getClasspathElementURI())) && scope.containsModule(info.getModuleRef())) {
                    names.add(info.getName());
                }
            }
        }
        return names;
    }

    /** Index contents by classpath element; an unreadable index is reported and its element scanned instead. */
    private Map<String, List<String>> readIndexes(ScanScope scope) {
        Map<String, List<String>> indexes = new HashMap<>();
        try (ScanResult scan = scope.restrict(new ClassGraph(), false).acceptPathsNonRecursive(INDEX_FOLDER).scan()) {
            for (Resource index : scan.getResourcesWithPath(INDEX_RESOURCE)) {
                if (!scope.containsModule(index.getModuleRef())) {
                    continue;
                }
                try {
                    indexes.put(ClasspathElements.key(index.getClasspathElementURI()), classNames(index.getContentAsString()));
                } catch (IOException e) {
                    issues.warning("could not read " + index.getURI() + " (" + e.getMessage() + "); scanning the classes of "
                            + index.getClasspathElementURI() + " for @Trainable instead", null, e);
                }
            }
        }
        return indexes;
    }

    private static List<String> classNames(String index) {
        return index.lines().map(String::trim).filter(line -> !line.isEmpty() && !line.startsWith("#")).toList();
    }
}
