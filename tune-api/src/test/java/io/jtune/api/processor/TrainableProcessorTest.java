package io.jtune.api.processor;

import static io.jtune.api.processor.RuleFixture.HEADER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.validation.ReflectiveTypeModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The processor as a whole: silence on valid code, every problem of a class at once, and the index. */
class TrainableProcessorTest {
    private static final String VALID = HEADER + """
            @Trainable(name = "valid", metric = "loss", mode = "min")
            @Samples(4) @Seed(7) @Fifo @Stop(iterations = 10, plateauStd = 0.01) @Checkpoint(frequency = 2, keep = 1, score = "loss", scoreOrder = "min")
            @Resources(cpu = 0.5, custom = @Resources.Custom(name = "tpu", amount = 1)) @MaxConcurrent(2) @MaxFailures(-1) @Expect(atMost = 1)
            class Valid {
                enum Opt { SGD, ADAM }
                record Metrics(double loss, boolean done) { }
                @Param @LogUniform(min = 1e-4, max = 1e-1) double lr;
                @Param("width") @IntRange(min = 16, max = 128, step = 16) Integer units;
                @Param @Choice({"SGD", "ADAM"}) private Opt optimizer;
                @Param @Grid({"true", "false"}) boolean shuffle;
                @Param @Normal(mean = 0, sd = 0.1) float noise;
                @Param @Choice({"relu", "tanh"}) String activation;
                @Param(when = "activation=relu") @Uniform(min = 0, max = 0.3) double leak;
                @Param(value = "beta2", when = "optimizer=ADAM") @Choice({"0.99", "0.999"}) double beta2 = 0.999;
                @Setup void setup(Config config) { }
                @Step public Metrics train() { return new Metrics(lr, false); }
                @Save void save(Path dir) { }
                @Restore void restore(Path dir) { }
                @Reset boolean reset() { return true; }
                @Teardown void close() { }
            }
            """;

    @TempDir
    Path dir;

    @Test
    void validClassCompilesWithoutDiagnosticsAndIsIndexed() throws Exception {
        FixtureCompiler.Compilation c = new FixtureCompiler(dir).compile("out", Map.of("fx/Valid.java", VALID), new TrainableProcessor());
        assertTrue(c.success(), () -> c.diagnostics().toString());
        assertEquals(List.of(), c.diagnostics().stream().map(d -> d.getMessage(null)).toList());
        assertEquals(List.of("fx.Valid"), index(c.classes()));
        assertEquals(List.of(), ReflectiveTypeModel.problems(c.load("fx.Valid")));
    }

    @Test
    void javacFindsTheProcessorThroughItsServiceRegistration() throws Exception {
        String broken = HEADER + "@Trainable class Found {\n}\n";
        FixtureCompiler.Compilation c = new FixtureCompiler(dir).compileDiscovering("out", Map.of("fx/Found.java", broken));
        assertEquals(List.of("@Trainable class Found has no @Step method: add one method that runs one training iteration and returns its metrics"),
                c.errors().stream().map(d -> d.getMessage(null)).toList());
    }

    @Test
    void everyProblemOfOneClassIsReported() throws Exception {
        String broken = HEADER + """
                @Trainable(metric = "loss") @Samples(0) @Checkpoint(frequency = 1)
                class Broken {
                    @Param final double a = 1;
                    @Param @Uniform(min = 2, max = 1) double b;
                    @Param @Choice({"x", "y"}) int c;
                    @Step void step(int i) { }
                    @Save void save(Path p) { }
                }
                """;
        FixtureCompiler.Compilation c = new FixtureCompiler(dir).compile("out", Map.of("fx/Broken.java", broken), new TrainableProcessor());
        Set<String> expected = Set.of(
                "@Trainable(metric = \"loss\") needs mode = \"min\" or \"max\"",
                "@Param field 'a' must not be final: the engine sets it for each trial",
                "@Param field 'a' has no domain: add one of @Uniform, @LogUniform, @Normal, @IntRange, @Choice, @Grid",
                "@Uniform on field 'b': min must be < max, got min = 2.0, max = 1.0",
                "@Choice on field 'c': value \"x\" is not an int; write values of type int",
                "@Choice on field 'c': value \"y\" is not an int; write values of type int",
                "@Step method 'step(int)' must take no parameters: read hyperparameters from @Param fields",
                "@Step method 'step(int)' returns void: return a Map<String, ?>, a record or bean with getters, or one number",
                "@Save method 'save(Path)' has no @Restore method to go with it: add one taking a Path (checkpoints need both)",
                "@Samples(0) must be >= 1 (how many trials to sample)",
                "@Checkpoint needs @Save and @Restore methods to write and load checkpoints: add both, each taking a Path");
        assertEquals(expected, c.errors().stream().map(d -> d.getMessage(null)).collect(Collectors.toSet()));
        assertEquals(expected.size(), c.errors().size());

        FixtureCompiler.Compilation plain = new FixtureCompiler(dir).compile("plain", Map.of("fx/Broken.java", broken), null);
        assertEquals(expected, ReflectiveTypeModel.problems(plain.load("fx.Broken")).stream().map(p -> p.message()).collect(Collectors.toSet()));
    }

    @Test
    void aClassWithUnresolvedTypesGetsOnlyJavacsOwnErrors() throws Exception {
        String unresolved = HEADER + "@Trainable class Unresolved {\n @Param @Uniform(min = 0, max = 1) Missing lr;\n @Step Map<String, Object> step() { return Map.of(); }\n}\n";
        FixtureCompiler.Compilation c = new FixtureCompiler(dir).compile("out", Map.of("fx/Unresolved.java", unresolved), new TrainableProcessor());
        assertEquals(List.of("compiler.err.cant.resolve.location"), c.errors().stream().map(d -> d.getCode()).toList());
    }

    @Test
    void codeWithoutTrainableIsLeftAlone() throws Exception {
        String plain = HEADER + "class Plain {\n @Param final int x = 1;\n @Step void step(int i) { }\n}\n";
        FixtureCompiler.Compilation c = new FixtureCompiler(dir).compile("out", Map.of("fx/Plain.java", plain), new TrainableProcessor());
        assertTrue(c.success());
        assertEquals(List.of(), c.diagnostics());
        assertFalse(Files.exists(c.classes().resolve(TrainableIndex.PATH)));
    }

    @Test
    void indexIsMergedAcrossIncrementalBuilds() throws Exception {
        FixtureCompiler compiler = new FixtureCompiler(dir);
        String a = HEADER + "@Trainable public class A {\n" + RuleFixture.STEP + "\n}\n";
        String b = HEADER + "@Trainable public class B {\n" + RuleFixture.STEP + "\n public static class Nested { }\n @Trainable public static class C {\n " + RuleFixture.STEP + "\n }\n}\n";
        assertEquals(List.of("fx.A"), index(compiler.compile("out", Map.of("fx/A.java", a), new TrainableProcessor()).classes()));

        Path out = compiler.compile("out", Map.of("fx/B.java", b), new TrainableProcessor()).classes();
        assertEquals(List.of("fx.A", "fx.B", "fx.B$C"), index(out));

        String aNoLonger = HEADER + "public class A { }\n";
        compiler.compile("out", Map.of("fx/A.java", aNoLonger), new TrainableProcessor());
        assertEquals(List.of("fx.B", "fx.B$C"), index(out));
    }

    private static List<String> index(Path classes) throws Exception {
        return Files.readAllLines(classes.resolve(TrainableIndex.PATH));
    }
}
