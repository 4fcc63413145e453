package io.jtune.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jtune.junit.support.FixtureCompiler;
import io.jtune.junit.support.ModuleDiscoveryProbe;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A module selector finds the trainables of that module of the boot layer, and only those. A boot
 * layer is fixed when a JVM starts, so the module is compiled here and discovered in a child JVM
 * that has it on its module path (next to the test class path, which has other trainables).
 */
class ModuleDiscoveryTest {

    private static final String MODULE = "jtune.fixture.module";

    @TempDir
    Path temp;

    @Test
    void aModuleSelectorFindsTheTrainablesOfThatModule() throws Exception {
        Path module = FixtureCompiler.compile(temp.resolve(MODULE), Map.of(
                "module-info", "module " + MODULE + " { exports fixture.module; }",
                "fixture.module.InModule", "package fixture.module;\n"
                        + "@io.jtune.api.Trainable\n"
                        + "public class InModule {\n"
                        + "    @io.jtune.api.Param @io.jtune.api.Uniform(min = 0, max = 1) double x;\n"
                        + "    @io.jtune.api.Step public java.util.Map<String, Object> step() { return java.util.Map.of(\"x\", x); }\n"
                        + "}\n"), "--add-reads", MODULE + "=ALL-UNNAMED");

        List<String> discovered = runProbe("--module-path", module.toString(), "--add-modules", MODULE, "--add-reads", MODULE + "=ALL-UNNAMED");

        assertEquals(List.of("experiment [engine:jtune]/[class:fixture.module.InModule]"), discovered);
    }

    private static List<String> runProbe(String... moduleOptions) throws IOException, InterruptedException {
        List<String> command = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(List.of(moduleOptions));
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), ModuleDiscoveryProbe.class.getName(), MODULE));
        Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] output = child.getInputStream().readAllBytes();
        assertEquals(true, child.waitFor(2, TimeUnit.MINUTES), "the probe JVM did not end");
        String text = new String(output, StandardCharsets.UTF_8);
        assertEquals(0, child.exitValue(), text);
        return text.lines().filter(line -> line.startsWith("experiment ") || line.startsWith("issue ")).toList();
    }
}
