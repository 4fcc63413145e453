package io.jtune.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClasspathRoots;

import io.jtune.api.validation.Problem;
import io.jtune.api.validation.ReflectiveTypeModel;
import io.jtune.junit.support.FixtureCompiler;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.DiscoveryIssue;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineDiscoveryResults;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * A {@code @Trainable} class that breaks the rules (compiled here without the annotation processor,
 * which would have rejected it) is reported as discovery issues carrying the rules' messages; a run
 * that selects it reports them as the engine's failure instead of crashing.
 */
class InvalidClassDiscoveryTest {

    private static final String BROKEN = "broken.BrokenTrainable";

    @TempDir
    Path temp;

    @Test
    void eachProblemOfAnInvalidClassIsAnErrorIssueAndTheRunReportsThem() throws Exception {
        Path root = FixtureCompiler.compile(temp.resolve("classes"), Map.of(BROKEN, "package broken;\n"
                + "@io.jtune.api.Trainable\n"
                + "public class BrokenTrainable {\n"
                + "    @io.jtune.api.Param @io.jtune.api.Uniform(min = 1, max = 0) final double lr = 0;\n"
                + "    @io.jtune.api.Step public java.util.Map<String, Object> step(int epoch) { return java.util.Map.of(); }\n"
                + "}\n"));

        FixtureCompiler.withClasspathRoot(root, () -> {
            Class<?> broken = Class.forName(BROKEN, false, Thread.currentThread().getContextClassLoader());
            List<Problem> problems = ReflectiveTypeModel.problems(broken);
            assertTrue(problems.size() >= 3, problems.toString());
            MethodSource step = MethodSource.from(broken.getMethod("step", int.class));

            for (EngineDiscoveryResults results : List.of(
                    EngineTestKit.engine(Constants.ENGINE_ID).selectors(selectClass(broken)).discover(),
                    EngineTestKit.engine(Constants.ENGINE_ID).selectors(selectClasspathRoots(Set.of(root)).get(0)).discover())) {
                assertEquals(Set.of(), results.getEngineDescriptor().getChildren());
                List<DiscoveryIssue> issues = results.getDiscoveryIssues();
                assertEquals(problems.stream().map(p -> "invalid @Trainable class " + BROKEN + ": " + p.message()).toList(),
                        issues.stream().map(DiscoveryIssue::message).toList());
                assertTrue(issues.stream().allMatch(issue -> issue.severity() == DiscoveryIssue.Severity.ERROR));
                assertTrue(issues.stream().anyMatch(issue -> issue.source().orElseThrow().equals(step)));
                assertTrue(issues.stream().anyMatch(issue -> issue.source().orElseThrow().equals(ClassSource.from(broken))));
            }

            EngineExecutionResults run = EngineTestKit.engine(Constants.ENGINE_ID).selectors(selectClass(broken)).execute();
            assertEquals(1, run.containerEvents().failed().count());
            String report = run.containerEvents().failed().list().get(0).getRequiredPayload(TestExecutionResult.class)
                    .getThrowable().orElseThrow().getMessage();
            assertTrue(report.startsWith("TestEngine with ID 'jtune' encountered " + problems.size() + " critical issues during test discovery"), report);
            problems.forEach(p -> assertTrue(report.contains(p.message()), report));
            return null;
        });
    }
}
