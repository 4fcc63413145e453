package io.jtune.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.jtune.api.ConfigurationKeys;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The bridge into the project's class loader, over this module's own class path (test classes left out). */
class IsolatedLaunchTest {

    private final List<String> infos = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();

    @Test
    void runsTheBatchInTheIsolatedLoaderAndRestoresTheContextLoader() throws Throwable {
        ClassLoader before = Thread.currentThread().getContextClassLoader();

        List<String> failures = IsolatedLaunch.run(mainClassPath(), List.of(), Map.of(ConfigurationKeys.STORAGE, "target/jtune"),
                infos::add, (message, cause) -> warnings.add(message));

        assertEquals(List.of(), failures);
        assertSame(before, Thread.currentThread().getContextClassLoader());
    }

    @Test
    void aBadSettingCrossesAsIllegalArgumentException() {
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> IsolatedLaunch.run(mainClassPath(), List.of(),
                Map.of(ConfigurationKeys.STORAGE, "target/jtune", ConfigurationKeys.SAMPLES, "none"),
                infos::add, (message, cause) -> warnings.add(message)));

        assertEquals("jtune.samples must be a whole number >= 1, got 'none'", bad.getMessage());
        // thrown by the copy of RunSettings in the project's loader, not by this test's
        assertEquals("jtune-project", loaderNameOf(bad));
    }

    private static String loaderNameOf(Throwable thrown) {
        return Arrays.stream(thrown.getStackTrace())
                .filter(frame -> frame.getClassName().equals("io.jtune.maven.launch.RunSettings"))
                .map(StackTraceElement::getClassLoaderName)
                .findFirst().orElse("");
    }

    /** This module's main classes and dependencies, as a project with tune-api and the engine would have them. */
    private static IsolatedClassPath mainClassPath() {
        List<Path> elements = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .map(Path::of)
                .filter(p -> !p.endsWith("test-classes"))
                .toList();
        return new IsolatedClassPath(elements, List.of());
    }
}
