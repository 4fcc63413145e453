package io.jtune.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.maven.IsolatedClassPath.ArtifactFile;
import java.io.IOException;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IsolatedClassPathTest {

    @TempDir
    Path tmp;

    private final Path pluginJar = Path.of("/plugin/tune-maven-plugin.jar");
    private final ArtifactFile pluginApi = artifact("io.jtune", "tune-api", "1.0");
    private final ArtifactFile pluginEngine = artifact("io.jtune", "tune-engine", "1.0");
    private final ArtifactFile pluginJackson = artifact("com.fasterxml.jackson.core", "jackson-databind", "2.20.1");
    private final ArtifactFile pluginLogback = artifact("ch.qos.logback", "logback-classic", "1.5.18");
    private final List<ArtifactFile> pluginArtifacts = List.of(pluginApi, pluginEngine, pluginJackson, pluginLogback);

    @Test
    void projectFirstThenPluginJarThenWhatTheProjectLacks() throws IOException {
        Path classes = Files.createDirectories(tmp.resolve("classes"));
        ArtifactFile projectApi = artifact("io.jtune", "tune-api", "1.0");
        ArtifactFile projectJackson = artifact("com.fasterxml.jackson.core", "jackson-databind", "2.17.0");

        IsolatedClassPath path = IsolatedClassPath.resolve(List.of(classes, projectApi.file(), projectJackson.file()),
                List.of(projectApi, projectJackson), pluginJar, pluginArtifacts, "1.0");

        // the project's tune-api and Jackson are the ones used: the plugin's copies are not added
        assertEquals(List.of(classes, projectApi.file(), projectJackson.file(), pluginJar, pluginEngine.file(), pluginLogback.file()),
                path.elements());
        assertEquals(List.of(), path.warnings());
    }

    @Test
    void keepsTheLoggingBackendOutWhenTheProjectHasAnSlf4jProvider() throws IOException {
        Path classes = Files.createDirectories(tmp.resolve("classes"));
        Path services = Files.createDirectories(classes.resolve("META-INF/services"));
        Files.writeString(services.resolve("org.slf4j.spi.SLF4JServiceProvider"), "com.acme.MyProvider\n");

        IsolatedClassPath path = IsolatedClassPath.resolve(List.of(classes), List.of(), pluginJar, pluginArtifacts, "1.0");

        assertEquals(List.of(classes, pluginJar, pluginApi.file(), pluginEngine.file(), pluginJackson.file()), path.elements());
    }

    @Test
    void warnsWhenTheProjectsJtuneVersionDiffers() {
        IsolatedClassPath path = IsolatedClassPath.resolve(List.of(), List.of(artifact("io.jtune", "tune-api", "0.9"),
                artifact("org.other", "lib", "0.9")), pluginJar, pluginArtifacts, "1.0");

        assertEquals(1, path.warnings().size());
        assertTrue(path.warnings().get(0).contains("io.jtune:tune-api:0.9"), path.warnings().get(0));
        assertTrue(path.warnings().get(0).contains("tune-maven-plugin is 1.0"), path.warnings().get(0));
    }

    @Test
    void theLoaderSeesTheJdkButNotTheMavenRealm() throws Exception {
        Path classes = Files.createDirectories(tmp.resolve("classes"));
        Files.writeString(classes.resolve("marker.txt"), "mine");
        IsolatedClassPath path = IsolatedClassPath.resolve(List.of(classes), List.of(), pluginJar, List.of(), "1.0");
        try (URLClassLoader loader = path.newLoader()) {
            assertSame(ClassLoader.getPlatformClassLoader(), loader.getParent());
            assertSame(String.class, loader.loadClass("java.lang.String"));
            // this test's own classes (the surefire class path) are invisible to it
            assertNull(loader.getResource(IsolatedClassPathTest.class.getName().replace('.', '/') + ".class"));
            assertEquals("mine", new String(loader.getResourceAsStream("marker.txt").readAllBytes()));
        }
    }

    private static ArtifactFile artifact(String group, String id, String version) {
        return new ArtifactFile(group, id, version, Path.of("/repo/" + id + "-" + version + ".jar"));
    }
}
