package io.jtune.maven;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The class path an experiment runs on, in a class loader of its own whose parent is the platform
 * class loader (JDK classes only, nothing of Maven or of the plugin's realm).
 *
 * <p>It holds the project's test class path first, then the plugin jar (its {@code launch}
 * package is the entry point inside), then every runtime artifact of the plugin the project does
 * not have itself, matched by groupId:artifactId so the project's version wins. So the project's
 * {@code @Trainable} classes and the engine that runs them link against one and the same
 * {@code io.jtune.api}: the one the project was compiled with. The plugin's logging backend
 * (Logback) is added only when the project brings no SLF4J provider of its own.
 *
 * @param elements the class path, in lookup order
 * @param warnings version mismatches between the project's jtune artifacts and the plugin's
 */
record IsolatedClassPath(List<Path> elements, List<String> warnings) {

    /** A resolved artifact: coordinates and file. */
    record ArtifactFile(String groupId, String artifactId, String version, Path file) {
        String key() {
            return groupId + ":" + artifactId;
        }
    }

    static final String JTUNE_GROUP = "io.jtune";
    private static final String LOGGING_BACKEND_GROUP = "ch.qos.logback";
    private static final List<String> SLF4J_PROVIDER_MARKERS = List.of(
            "META-INF/services/org.slf4j.spi.SLF4JServiceProvider", // SLF4J 2
            "org/slf4j/impl/StaticLoggerBinder.class");              // SLF4J 1.x binding

    /**
     * @param projectElements the project's test class path elements (output folders and dependency files)
     * @param projectArtifacts the project's resolved dependencies (test scope)
     * @param pluginJar this plugin's jar
     * @param pluginArtifacts this plugin's runtime dependencies
     * @param pluginVersion this plugin's version
     */
    static IsolatedClassPath resolve(List<Path> projectElements, List<ArtifactFile> projectArtifacts,
                                     Path pluginJar, List<ArtifactFile> pluginArtifacts, String pluginVersion) {
        Map<String, ArtifactFile> own = projectArtifacts.stream()
                .collect(Collectors.toMap(ArtifactFile::key, Function.identity(), (a, b) -> a));
        boolean projectLogs = hasSlf4jProvider(projectElements);
        LinkedHashSet<Path> elements = new LinkedHashSet<>(projectElements);
        elements.add(pluginJar);
        for (ArtifactFile artifact : pluginArtifacts) {
            boolean backend = artifact.groupId().equals(LOGGING_BACKEND_GROUP);
            if (!own.containsKey(artifact.key()) && !(backend && projectLogs)) {
                elements.add(artifact.file());
            }
        }
        List<String> warnings = new ArrayList<>();
        for (ArtifactFile artifact : own.values()) {
            if (artifact.groupId().equals(JTUNE_GROUP) && !artifact.version().equals(pluginVersion)) {
                warnings.add("the project uses " + artifact.key() + ":" + artifact.version() + " but tune-maven-plugin is "
                        + pluginVersion + "; the engine may not match the project's classes: use the same version for both");
            }
        }
        warnings.sort(null);
        return new IsolatedClassPath(List.copyOf(elements), List.copyOf(warnings));
    }

    /** A new loader over {@link #elements()}; the caller closes it. */
    URLClassLoader newLoader() {
        return new URLClassLoader("jtune-project", toUrls(elements), ClassLoader.getPlatformClassLoader());
    }

    private static boolean hasSlf4jProvider(List<Path> projectElements) {
        try (URLClassLoader probe = new URLClassLoader(toUrls(projectElements), null)) {
            return SLF4J_PROVIDER_MARKERS.stream().anyMatch(marker -> probe.findResource(marker) != null);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static URL[] toUrls(List<Path> paths) {
        URL[] urls = new URL[paths.size()];
        for (int i = 0; i < urls.length; i++) {
            try {
                urls[i] = paths.get(i).toUri().toURL();
            } catch (MalformedURLException e) {
                throw new IllegalArgumentException("class path element " + paths.get(i) + " is not a valid URL", e);
            }
        }
        return urls;
    }
}
