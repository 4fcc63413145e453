package io.jtune.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClasspathRoots;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectPackage;

import io.jtune.junit.descriptor.TrainableClassDescriptor;
import io.jtune.junit.support.FixtureCompiler;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.DiscoveryIssue;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.testkit.engine.EngineDiscoveryResults;
import org.junit.platform.testkit.engine.EngineTestKit;

/** A classpath root with the processor's index is taken at its word; one without is scanned. */
class IndexDiscoveryTest {

    private static final Map<String, String> TWO_TRAINABLES = Map.of(
            "indexed.One", trainable("indexed", "One"),
            "indexed.Two", trainable("indexed", "Two"));

    @TempDir
    Path temp;

    @Test
    void aRootWithoutIndexIsScannedForTheAnnotation() throws Exception {
        Path root = FixtureCompiler.compile(temp.resolve("classes"), TWO_TRAINABLES);

        EngineDiscoveryResults results = discoverIn(root, selectClasspathRoots(Set.of(root)).get(0));

        assertEquals(Set.of("indexed.One", "indexed.Two"), experiments(results));
        assertEquals(0, results.getDiscoveryIssues().size());
    }

    @Test
    void aRootWithAnIndexYieldsTheClassesItListsAndReportsStaleEntries() throws Exception {
        Path root = FixtureCompiler.compile(temp.resolve("classes"), TWO_TRAINABLES);
        Path index = Files.createDirectories(root.resolve("META-INF/jtune")).resolve("trainables");
        Files.writeString(index, "indexed.One\n\nindexed.Deleted\n");

        EngineDiscoveryResults byRoot = discoverIn(root, selectClasspathRoots(Set.of(root)).get(0));
        EngineDiscoveryResults byPackage = discoverIn(root, selectPackage("indexed"));

        assertEquals(Set.of("indexed.One"), experiments(byRoot));
        assertEquals(Set.of("indexed.One"), experiments(byPackage));
        DiscoveryIssue stale = byRoot.getDiscoveryIssues().get(0);
        assertEquals(1, byRoot.getDiscoveryIssues().size());
        assertEquals(DiscoveryIssue.Severity.WARNING, stale.severity());
        assertTrue(stale.message().contains("indexed.Deleted") && stale.message().contains("rebuild"), stale.message());
    }

    private static EngineDiscoveryResults discoverIn(Path root, DiscoverySelector selector) throws Exception {
        return FixtureCompiler.withClasspathRoot(root, () -> EngineTestKit.engine(Constants.ENGINE_ID).selectors(selector).discover());
    }

    private static Set<String> experiments(EngineDiscoveryResults results) {
        return results.getEngineDescriptor().getChildren().stream()
                .map(child -> ((TrainableClassDescriptor) child).trainableClass().getName())
                .collect(Collectors.toSet());
    }

    private static String trainable(String packageName, String simpleName) {
        return "package " + packageName + ";\n"
                + "@io.jtune.api.Trainable\n"
                + "public class " + simpleName + " {\n"
                + "    @io.jtune.api.Param @io.jtune.api.Uniform(min = 0, max = 1) double x;\n"
                + "    @io.jtune.api.Step public java.util.Map<String, Object> step() { return java.util.Map.of(\"x\", x); }\n"
                + "}\n";
    }
}
