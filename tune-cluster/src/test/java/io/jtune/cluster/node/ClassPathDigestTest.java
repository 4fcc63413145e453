package io.jtune.cluster.node;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The class path driver and worker compare: what it holds, and which differences refuse a worker. */
class ClassPathDigestTest {
    @TempDir
    Path dir;

    @Test
    void sameNameOtherContentAndOtherVersionsDifferEntriesOnOneSideDoNot() {
        List<ClassPathEntry> driver = List.of(new ClassPathEntry("lib", "lib-1.0.jar", "a"), new ClassPathEntry("core", "core-2.0.jar", "b"),
                new ClassPathEntry("app/target/classes", "app/target/classes", "c"), new ClassPathEntry("maven-plugin", "maven-plugin-3.jar", "d"));
        List<ClassPathEntry> worker = List.of(new ClassPathEntry("lib", "lib-1.1.jar", "a2"), new ClassPathEntry("core", "core-2.0.jar", "b2"),
                new ClassPathEntry("app/target/classes", "app/target/classes", "c"), new ClassPathEntry("extra", "extra-1.jar", "e"));

        List<String> differences = ClassPathDigest.differences(driver, worker);

        assertEquals(List.of("lib: the driver has lib-1.0.jar (SHA-256 a), the worker has lib-1.1.jar (SHA-256 a2)",
                "core: the driver has core-2.0.jar (SHA-256 b), the worker has core-2.0.jar (SHA-256 b2)"), differences);
        assertEquals(List.of(), ClassPathDigest.differences(driver, driver));
    }

    @Test
    void jarsNamedInAManifestClassPathCountAndTheJdkDoesNot() throws Exception {
        Path lib = Files.createDirectories(dir.resolve("repo")).resolve("lib-1.2.3.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(lib))) {
            out.putNextEntry(new java.util.jar.JarEntry("a.txt"));
            out.write(1);
        }
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH, lib.toUri().toString());
        Path booter = dir.resolve("booter.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(booter), manifest)) {
            out.putNextEntry(new java.util.jar.JarEntry("b.txt"));
            out.write(2);
        }
        Path jdkJar = Path.of(System.getProperty("java.home"), "lib", "jrt-fs.jar");
        try (URLClassLoader loader = new URLClassLoader(new URL[] {booter.toUri().toURL(), jdkJar.toUri().toURL()}, null)) {
            List<ClassPathEntry> entries = ClassPathDigest.of(loader);

            assertEquals(List.of("booter", "lib"), entries.stream().map(ClassPathEntry::key).toList());
            assertEquals("lib-1.2.3.jar", entries.get(1).name());
            assertEquals(CodeDigest.ofEntry(lib), entries.get(1).digest());
        }
    }
}
