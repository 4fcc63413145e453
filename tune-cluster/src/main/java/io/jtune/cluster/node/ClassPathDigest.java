package io.jtune.cluster.node;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The user's whole class path as a class loader sees it (its {@code URLClassLoader}s' URLs, the
 * application class path, and the {@code Class-Path} of a manifest-only jar such as Surefire's),
 * without the JDK's own entries, each entry digested once per JVM. Driver and worker compare these
 * at join: an entry both have (same {@link ClassPathEntry#key()}) must be the same file version with
 * the same content, else the worker is refused naming the entry. Entries only one side has (a
 * Maven plugin's own jars on the driver, say) are not compared.
 */
public final class ClassPathDigest {
    /** {@code name-1.2.3.jar} → {@code name}: the version starts at the first "-digit". */
    private static final Pattern VERSIONED_JAR = Pattern.compile("(.+?)-\\d.*");
    /** A folder is known by its last three names: {@code my-module/target/classes}. */
    private static final int FOLDER_NAMES = 3;
    private static final Map<ClassLoader, List<ClassPathEntry>> CACHE = new ConcurrentHashMap<>();

    private ClassPathDigest() {
    }

    /** The class path {@code loader} loads from, digested (computed once per loader). */
    public static List<ClassPathEntry> of(ClassLoader loader) {
        return CACHE.computeIfAbsent(loader, l -> entriesOf(l).stream().map(ClassPathDigest::entry).toList());
    }

    /**
     * What differs between the driver's class path and a worker's: one line per driver entry that
     * the worker has with other content (same file name) or in another version only (same key,
     * no file of the same name); empty when they agree.
     */
    public static List<String> differences(List<ClassPathEntry> driver, List<ClassPathEntry> worker) {
        Map<String, ClassPathEntry> byName = new LinkedHashMap<>();
        Map<String, ClassPathEntry> byKey = new LinkedHashMap<>();
        worker.forEach(e -> {
            byName.putIfAbsent(e.name(), e);
            byKey.putIfAbsent(e.key(), e);
        });
        List<String> out = new ArrayList<>();
        for (ClassPathEntry d : driver) {
            ClassPathEntry same = byName.get(d.name());
            ClassPathEntry other = same != null ? same : byKey.get(d.key());
            if (other != null && !(other.name().equals(d.name()) && other.digest().equals(d.digest()))) {
                out.add(d.key() + ": the driver has " + d.name() + " (SHA-256 " + d.digest() + "), the worker has "
                        + other.name() + " (SHA-256 " + other.digest() + ")");
            }
        }
        return out;
    }

    private static ClassPathEntry entry(Path path) {
        String file = path.getFileName().toString();
        if (Files.isDirectory(path)) {
            int names = path.getNameCount();
            String name = path.subpath(Math.max(0, names - FOLDER_NAMES), names).toString().replace(File.separatorChar, '/');
            return new ClassPathEntry(name, name, CodeDigest.ofEntry(path));
        }
        String bare = file.endsWith(".jar") ? file.substring(0, file.length() - 4) : file;
        Matcher versioned = VERSIONED_JAR.matcher(bare);
        return new ClassPathEntry(versioned.matches() ? versioned.group(1) : bare, file, CodeDigest.ofEntry(path));
    }

    /** Parent loaders first (their classes win), then the loader's own entries; JDK entries and missing files left out. */
    static List<Path> entriesOf(ClassLoader loader) {
        Deque<ClassLoader> chain = new ArrayDeque<>();
        for (ClassLoader l = loader; l != null; l = l.getParent()) {
            chain.push(l);
        }
        Set<Path> out = new LinkedHashSet<>();
        ClassLoader app = ClassLoader.getSystemClassLoader();
        for (ClassLoader l : chain) {
            if (l instanceof URLClassLoader urls) {
                for (URL url : urls.getURLs()) {
                    add(out, toPath(url));
                }
            } else if (l == app) {
                for (String element : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
                    if (!element.isBlank()) {
                        add(out, Path.of(element));
                    }
                }
            }
        }
        return List.copyOf(out);
    }

    private static void add(Set<Path> out, Path entry) {
        if (entry == null) {
            return;
        }
        Path path = entry.toAbsolutePath().normalize();
        Path jdk = Path.of(System.getProperty("java.home")).toAbsolutePath().normalize();
        if (path.startsWith(jdk) || !Files.exists(path) || !out.add(path) || Files.isDirectory(path)) {
            return;
        }
        for (Path referenced : manifestClassPath(path)) {
            add(out, referenced);
        }
    }

    /** The jars a jar's manifest {@code Class-Path} names (how Surefire passes a long class path). */
    private static List<Path> manifestClassPath(Path jar) {
        try (JarFile file = new JarFile(jar.toFile())) {
            Manifest manifest = file.getManifest();
            String classPath = manifest == null ? null : manifest.getMainAttributes().getValue(Attributes.Name.CLASS_PATH);
            if (classPath == null || classPath.isBlank()) {
                return List.of();
            }
            List<Path> out = new ArrayList<>();
            for (String element : classPath.trim().split("\\s+")) {
                Path resolved = toPath(new URL(jar.toUri().toURL(), element));
                if (resolved != null) {
                    out.add(resolved);
                }
            }
            return out;
        } catch (IOException e) {
            return List.of();
        }
    }

    private static Path toPath(URL url) {
        if (!"file".equals(url.getProtocol())) {
            return null;
        }
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException | IllegalArgumentException e) {
            return null;
        }
    }
}
