package io.jtune.cluster.node;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.security.MessageDigest;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * The SHA-256 of the code a trainable class comes from: every file of the class-path entry (a
 * folder such as {@code target/classes}, or a jar) that holds the class, by relative name and
 * content, in name order (jar timestamps do not count). Driver and worker compare it at join, so a
 * worker built from other sources is refused instead of producing other results.
 */
public final class CodeDigest {
    private static final Map<Path, String> CACHE = new ConcurrentHashMap<>();

    private CodeDigest() {
    }

    /** The digest of the class-path entry holding {@code type}. */
    public static String of(Class<?> type) {
        return ofEntry(sourceOf(type));
    }

    /** The digest of one class-path entry, a folder or a jar (computed once per JVM). */
    public static String ofEntry(Path entry) {
        return CACHE.computeIfAbsent(entry.toAbsolutePath().normalize(), CodeDigest::digest);
    }

    /** Where {@code type} was loaded from. */
    public static Path sourceOf(Class<?> type) {
        CodeSource code = type.getProtectionDomain().getCodeSource();
        if (code == null || code.getLocation() == null) {
            throw new IllegalArgumentException("class " + type.getName() + " has no code source (a generated or JDK class); a cluster worker cannot check it");
        }
        try {
            return Path.of(code.getLocation().toURI()).toAbsolutePath().normalize();
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("the code source of " + type.getName() + " is not a file: " + code.getLocation(), e);
        }
    }

    private static String digest(Path source) {
        MessageDigest digest = Sha256.newDigest();
        try {
            if (Files.isDirectory(source)) {
                try (Stream<Path> walk = Files.walk(source)) {
                    for (Path file : walk.filter(Files::isRegularFile).sorted(Comparator.comparing(p -> source.relativize(p).toString())).toList()) {
                        add(digest, source.relativize(file).toString().replace(java.io.File.separatorChar, '/'), Files.readAllBytes(file));
                    }
                }
            } else {
                try (JarFile jar = new JarFile(source.toFile())) {
                    for (JarEntry entry : jar.stream().filter(e -> !e.isDirectory()).sorted(Comparator.comparing(JarEntry::getName)).toList()) {
                        try (InputStream in = jar.getInputStream(entry)) {
                            add(digest, entry.getName(), in.readAllBytes());
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + source + " to digest the trainable's code: " + e.getMessage(), e);
        }
        return Sha256.hex(digest);
    }

    private static void add(MessageDigest digest, String name, byte[] content) {
        digest.update(name.getBytes(StandardCharsets.UTF_8));
        digest.update((byte) 0);
        digest.update(Long.toString(content.length).getBytes(StandardCharsets.UTF_8));
        digest.update((byte) 0);
        digest.update(content);
    }
}
