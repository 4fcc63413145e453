package io.jtune.api.processor;

import static io.jtune.api.processor.RuleFixture.PARAM;
import static io.jtune.api.processor.RuleFixture.STEP;
import static io.jtune.api.processor.RuleFixture.of;
import static io.jtune.api.processor.RuleFixture.source;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.processor.RuleFixture.Expected;
import io.jtune.api.validation.ReflectiveTypeModel;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One fixture per rule, each run through both front ends: javac with {@link TrainableProcessor}
 * must report exactly the expected errors, each on the line declaring the expected element, and
 * the reflective front end must report the same messages on the same elements.
 */
class TrainableRulesTest {
    @TempDir
    Path dir;

    static Stream<RuleFixture> fixtures() {
        return Stream.of(
                // the class
                source("private class", "public class Fx {\n @Trainable private static class Inner {\n " + STEP + "\n }\n}\n").loading("fx.Fx$Inner")
                        .expect("Inner", "@Trainable class Inner must not be private: make it public or package-private so the generated adapter can create it"),
                source("abstract class", "@Trainable\npublic abstract class Fx {\n " + STEP + "\n}\n")
                        .expect("Fx", "@Trainable class Fx is abstract: make it a concrete class (the engine creates one instance per trial)"),
                source("interface", "@Trainable\npublic interface Fx {\n @Step default Map<String, Object> step() { return Map.of(); }\n}\n")
                        .expect("Fx", "@Trainable class Fx is an interface: make it a concrete class (the engine creates one instance per trial)"),
                source("inner class", "public class Fx {\n @Trainable public class Inner {\n " + STEP + "\n }\n}\n").loading("fx.Fx$Inner")
                        .expect("Inner", "@Trainable class Inner is an inner class: make it static or top-level (the engine creates it without an enclosing instance)"),
                of("no no-arg constructor", "@Trainable", "public Fx(int x) { }", STEP)
                        .expect("Fx", "@Trainable class Fx has no no-arg constructor: add one (public or package-private); the engine creates one instance per trial"),
                of("private constructor", "@Trainable", "private Fx() { }", STEP)
                        .expect("Fx", "@Trainable class Fx has a private no-arg constructor: make it public or package-private so the generated adapter can call it"),
                of("metric without mode", "@Trainable(metric = \"loss\")", STEP)
                        .expect("Fx", "@Trainable(metric = \"loss\") needs mode = \"min\" or \"max\""),
                of("unknown mode", "@Trainable(metric = \"loss\", mode = \"minimize\")", STEP)
                        .expect("Fx", "@Trainable(mode = \"minimize\") must be \"min\" or \"max\""),
                of("mode without metric", "@Trainable(mode = \"min\")", STEP)
                        .expect("Fx", "@Trainable(mode = \"min\") has no metric: set metric = \"<name>\" or remove mode"),
                of("metric and metrics", "@Trainable(metric = \"loss\", mode = \"min\", metrics = {\"loss\", \"latency\"}, modes = {\"min\", \"min\"})", STEP)
                        .expect("Fx", "@Trainable sets both metric and metrics: use metric for one objective, or metrics with modes for several"),
                of("a mode per metric", "@Trainable(metrics = {\"accuracy\", \"latency\"}, modes = {\"max\"})", STEP)
                        .expect("Fx", "@Trainable(metrics = {accuracy, latency}) needs one mode per metric, got modes = {max}"),
                of("bad mode of metrics", "@Trainable(metrics = {\"accuracy\", \"latency\"}, modes = {\"max\", \"lowest\"})", STEP)
                        .expect("Fx", "@Trainable(modes = {max, lowest}) must each be \"min\" or \"max\", got \"lowest\""),
                of("metric named twice", "@Trainable(metrics = {\"loss\", \"loss\"}, modes = {\"min\", \"max\"})", STEP)
                        .expect("Fx", "@Trainable(metrics = {loss, loss}) names 'loss' twice: name each objective once"),
                of("bad name", "@Trainable(name = \"my model\")", STEP)
                        .expect("Fx", "@Trainable(name = \"my model\") may only use letters, digits, '_', '.' and '-': it names trial folders"),
                // parameters
                of("final param", "@Trainable", "@Param @Uniform(min = 0, max = 1) final double lr = 0.5;", STEP)
                        .expect("lr", "@Param field 'lr' must not be final: the engine sets it for each trial"),
                of("static param", "@Trainable", "@Param @Uniform(min = 0, max = 1) static double lr;", STEP)
                        .expect("lr", "@Param field 'lr' must not be static: each trial has its own value; make it an instance field"),
                of("no domain", "@Trainable", "@Param double lr;", STEP)
                        .expect("lr", "@Param field 'lr' has no domain: add one of @Uniform, @LogUniform, @Normal, @IntRange, @Choice, @Grid"),
                of("two domains", "@Trainable", "@Param @Uniform(min = 0, max = 1) @Choice({\"0.1\", \"0.2\"}) double lr;", STEP)
                        .expect("lr", "@Param field 'lr' has 2 domains (@Uniform, @Choice): keep exactly one"),
                of("domain without @Param", "@Trainable", "@Uniform(min = 0, max = 1) double lr;", STEP)
                        .expect("lr", "field 'lr' has @Uniform but no @Param: add @Param (or remove the domain annotation)"),
                of("unsupported type", "@Trainable", "@Param @Choice(\"a\") java.util.List<String> layers;", STEP)
                        .expect("layers", "@Param field 'layers' has type List, which cannot hold a parameter: use int, long, double, float, boolean, their wrappers, String or an enum"),
                of("float domain on int", "@Trainable", "@Param @Uniform(min = 0, max = 10) int units;", STEP)
                        .expect("units", "@Uniform on field 'units' does not fit its type int: it draws fractional values; make the field double or float, or use @IntRange"),
                of("int domain on double", "@Trainable", "@Param @IntRange(min = 0, max = 10) double lr;", STEP)
                        .expect("lr", "@IntRange on field 'lr' does not fit its type double: it draws integers; make the field int or long, or use @Uniform"),
                of("min >= max", "@Trainable", "@Param @Uniform(min = 1, max = 0.5) double lr;", STEP)
                        .expect("lr", "@Uniform on field 'lr': min must be < max, got min = 1.0, max = 0.5"),
                of("log domain min <= 0", "@Trainable", "@Param @LogUniform(min = 0, max = 1) double lr;", STEP)
                        .expect("lr", "@LogUniform on field 'lr': min must be > 0 on a log scale, got min = 0.0 (give the value itself, not its logarithm)"),
                of("int min >= max", "@Trainable", "@Param @IntRange(min = 4, max = 4) int units;", STEP)
                        .expect("units", "@IntRange on field 'units': min must be < max (max is excluded; use step = 1 to include it), got min = 4, max = 4"),
                of("int log min <= 0", "@Trainable", "@Param @IntRange(min = 0, max = 64, log = true) int units;", STEP)
                        .expect("units", "@IntRange on field 'units': min must be > 0 on a log scale, got min = 0"),
                of("normal sd <= 0", "@Trainable", "@Param @Normal(mean = 1, sd = 0) double noise;", STEP)
                        .expect("noise", "@Normal on field 'noise': sd must be > 0, got sd = 0.0"),
                of("negative q", "@Trainable", "@Param @Uniform(min = 0, max = 1, q = -0.1) double lr;", STEP)
                        .expect("lr", "@Uniform on field 'lr': q must be >= 0 (0 means no quantisation), got q = -0.1"),
                of("no multiple of step", "@Trainable", "@Param @IntRange(min = 1, max = 4, step = 5) int units;", STEP)
                        .expect("units", "@IntRange on field 'units': parameter 'units': no multiple of q=5 lies in [1, 4]"),
                of("empty choice", "@Trainable", "@Param @Choice({}) String activation;", STEP)
                        .expect("activation", "@Choice on field 'activation': no values: give at least one"),
                of("choice value not converting", "@Trainable", "@Param @Choice({\"16\", \"abc\", \"1.5\"}) int units;", STEP)
                        .expect("units", "@Choice on field 'units': value \"abc\" is not an int; write values of type int")
                        .expect("units", "@Choice on field 'units': value \"1.5\" is not an int; write values of type int"),
                source("enum constant missing", "@Trainable\npublic class Fx {\n enum Opt { SGD, ADAM }\n @Grid({\"SGD\", \"RMSPROP\"}) @Param Opt optimizer;\n " + STEP + "\n}\n")
                        .expect("optimizer", "@Grid on field 'optimizer': value \"RMSPROP\" is not a constant of enum Opt (it has SGD, ADAM); write values of type Opt"),
                of("boolean choice", "@Trainable", "@Param @Choice({\"true\", \"yes\"}) boolean shuffle;", STEP)
                        .expect("shuffle", "@Choice on field 'shuffle': value \"yes\" is not a boolean (write true or false); write values of type boolean"),
                of("duplicate names", "@Trainable", PARAM, "@Param(\"lr\") @Uniform(min = 0, max = 2) double rate;", STEP)
                        .expect("rate", "@Param name 'lr' is used by fields 'lr' and 'rate': give each parameter its own name"),
                of("slash in name", "@Trainable", "@Param(\"model/lr\") @Uniform(min = 0, max = 1) double lr;", STEP)
                        .expect("lr", "@Param field 'lr' has the name 'model/lr', which must not contain '/'"),
                // conditional parameters
                of("malformed condition", "@Trainable", "@Param @Choice({\"sgd\", \"adam\"}) String optimizer;",
                        "@Param(when = \"optimizer\") @Uniform(min = 0, max = 1) double momentum;", STEP)
                        .expect("momentum", "@Param field 'momentum' has when = \"optimizer\", which is not \"<parameter>=<value>\": write e.g. when = \"optimizer=sgd\""
                                + " (several values: \"kernel=poly|rbf\")"),
                of("condition on unknown parameter", "@Trainable", "@Param @Choice({\"sgd\", \"adam\"}) String optimizer;",
                        "@Param(when = \"optimiser=sgd\") @Uniform(min = 0, max = 1) double momentum;", STEP)
                        .expect("momentum", "@Param field 'momentum' is active when \"optimiser=sgd\", but the class has no @Param named 'optimiser': name one of its @Choice parameters (optimizer)"),
                of("condition on a non-choice", "@Trainable", PARAM, "@Param(when = \"lr=0.1\") @Uniform(min = 0, max = 1) double momentum;", STEP)
                        .expect("momentum", "@Param field 'momentum' is active when \"lr=0.1\", but 'lr' is not a @Choice parameter: a condition names a @Choice (or @Grid) parameter and some of its values"),
                of("condition value not in the choice", "@Trainable", "@Param @Choice({\"linear\", \"poly\", \"rbf\"}) String kernel;",
                        "@Param(when = \"kernel=poly|sigmoid\") @IntRange(min = 2, max = 5) int degree;", STEP)
                        .expect("degree", "@Param field 'degree' is active when \"kernel=poly|sigmoid\", but 'kernel' has no value \"sigmoid\" (it has linear, poly, rbf)"),
                of("conditional grid", "@Trainable", "@Param @Choice({\"sgd\", \"adam\"}) String optimizer;",
                        "@Param(when = \"optimizer=sgd\") @Grid({\"0.5\", \"0.9\"}) double momentum;", STEP)
                        .expect("momentum", "@Param field 'momentum' is active when \"optimizer=sgd\", so it cannot be a @Grid (a grid is crossed in every trial): use @Choice"),
                of("conditions in a cycle", "@Trainable", "@Param(value = \"a\", when = \"b=x\") @Choice({\"x\", \"y\"}) String first;",
                        "@Param(value = \"b\", when = \"a=y\") @Choice({\"x\", \"y\"}) String second;", STEP)
                        .expect("first", "@Param field 'first' is active when \"b=x\", and the conditions lead from 'a' back to itself: conditions must not form a cycle")
                        .expect("second", "@Param field 'second' is active when \"a=y\", and the conditions lead from 'b' back to itself: conditions must not form a cycle"),
                // the step
                of("no step", "@Trainable", PARAM)
                        .expect("Fx", "@Trainable class Fx has no @Step method: add one method that runs one training iteration and returns its metrics"),
                of("two steps", "@Trainable", STEP, "@Step public Map<String, Object> other() { return Map.of(); }")
                        .expect("step", "@Step is on 2 methods (other(), step()): keep exactly one")
                        .expect("other", "@Step is on 2 methods (other(), step()): keep exactly one"),
                of("step with parameters", "@Trainable", "@Step Map<String, Object> step(int epoch) { return Map.of(); }")
                        .expect("step", "@Step method 'step(int)' must take no parameters: read hyperparameters from @Param fields"),
                of("void step", "@Trainable", "@Step void step() { }")
                        .expect("step", "@Step method 'step()' returns void: return a Map<String, ?>, a record or bean with getters, or one number"),
                of("unusable step result", "@Trainable", "@Step String step() { return \"\"; }")
                        .expect("step", "@Step method 'step()' returns String, which cannot be read as metrics: return a Map<String, ?>, a record or bean with getters, or one number"),
                of("number without metric", "@Trainable", "@Step double step() { return 1; }")
                        .expect("step", "@Step method 'step()' returns a number, but @Trainable declares no metric to report it under: set @Trainable(metric = \"<name>\", mode = \"min\" or \"max\")"),
                of("private result record", "@Trainable", "private record M(double loss) { }", "@Step M step() { return new M(1); }")
                        .expect("step", "@Step method 'step()' returns M, which is private: make it package-private or public (generated code reads its properties)"),
                source("result type hidden in another package", "@Trainable\npublic class Fx extends other.Base {\n @Step M step() { return null; }\n}\n")
                        .with("other/Base.java", "package other;\npublic class Base {\n protected static class M {\n  public double getLoss() { return 1; }\n }\n}\n")
                        .expect("step", "@Step method 'step()' returns M, which is not public and not in package fx: make it public (generated code reads its properties)"),
                of("metric not a property", "@Trainable(metric = \"acc\", mode = \"max\")", "record M(double loss, double accuracy) { }", "@Step M step() { return new M(1, 0); }")
                        .expect("step", "@Trainable metric 'acc' is not a property of M returned by @Step method 'step()' (it has loss, accuracy): rename the metric or add the property"),
                of("private step", "@Trainable", "@Step private Map<String, Object> step() { return Map.of(); }")
                        .expect("step", "@Step method 'step()' must not be private: the generated adapter calls it directly; make it package-private or public"),
                of("static step", "@Trainable", "@Step static Map<String, Object> step() { return Map.of(); }")
                        .expect("step", "@Step method 'step()' must not be static: it runs on the trial's own instance"),
                source("step not public in another package", "@Trainable\npublic class Fx extends base.Base {\n}\n")
                        .with("base/Base.java", "package base;\nimport io.jtune.api.Step;\nimport java.util.Map;\npublic class Base {\n @Step protected Map<String, Object> step() { return Map.of(); }\n}\n")
                        .expect("step", "@Step method 'step()' is declared in package base without public access: make it public so the generated adapter in package fx can call it"),
                // lifecycle
                of("two setups", "@Trainable", STEP, "@Setup void a() { }", "@Setup void b() { }")
                        .expect("a", "@Setup is on 2 methods (a(), b()): keep at most one")
                        .expect("b", "@Setup is on 2 methods (a(), b()): keep at most one"),
                of("setup parameters", "@Trainable", STEP, "@Setup void init(int seed) { }")
                        .expect("init", "@Setup method 'init(int)' must take no parameter or one Config"),
                of("save without restore", "@Trainable", STEP, "@Save void save(Path dir) { }")
                        .expect("save", "@Save method 'save(Path)' has no @Restore method to go with it: add one taking a Path (checkpoints need both)"),
                of("restore without save", "@Trainable", STEP, "@Restore void load(Path dir) { }")
                        .expect("load", "@Restore method 'load(Path)' has no @Save method to go with it: add one taking a Path (checkpoints need both)"),
                of("save taking a String", "@Trainable", STEP, "@Save void save(String dir) { }", "@Restore void load(Path dir) { }")
                        .expect("save", "@Save method 'save(String)' must take one java.nio.file.Path"),
                of("reset not boolean", "@Trainable", STEP, "@Reset void again(Config c) { }")
                        .expect("again", "@Reset method 'again(Config)' must return boolean: true when the instance is ready for the new config, false to have a new one made"),
                of("teardown parameters", "@Trainable", STEP, "@Teardown void close(boolean now) { }")
                        .expect("close", "@Teardown method 'close(boolean)' must take no parameters"),
                // the experiment
                source("two schedulers", "@Trainable(metric = \"loss\", mode = \"min\") @Fifo @Fx.Mine\npublic class Fx {\n"
                        + " @SchedulerAnnotation(factory = \"x.MineFactory\") @java.lang.annotation.Retention(java.lang.annotation.RetentionPolicy.RUNTIME) @interface Mine { }\n "
                        + STEP + "\n}\n")
                        .expect("Fx", "@Trainable class Fx has 2 scheduler annotations (@Fifo, @Mine): keep at most one"),
                source("scheduler needs a metric", "@Trainable @Fx.Mine\npublic class Fx {\n"
                        + " @SchedulerAnnotation(factory = \"x.MineFactory\") @java.lang.annotation.Retention(java.lang.annotation.RetentionPolicy.RUNTIME) @interface Mine { }\n "
                        + STEP + "\n}\n")
                        .expect("Fx", "@Mine needs a metric, but @Trainable declares none: set @Trainable(metric = \"<name>\", mode = \"min\" or \"max\")"),
                source("two searchers", "@Trainable @Search(Fx.S.class) @Fx.Mine\npublic class Fx {\n"
                        + " @SearcherAnnotation(factory = \"x.MineFactory\", needsMetric = false) @java.lang.annotation.Retention(java.lang.annotation.RetentionPolicy.RUNTIME) @interface Mine { }\n"
                        + " public static class S implements io.jtune.api.spi.SearchAlgorithm {\n  public io.jtune.api.Config suggest(String id) { return null; }\n  public boolean isFinished() { return true; }\n }\n "
                        + STEP + "\n}\n")
                        .expect("Fx", "@Trainable class Fx has 2 searcher annotations (@Search, @Mine): keep at most one"),
                source("user scheduler not instantiable", "@Trainable @Scheduler(Fx.S.class)\npublic class Fx {\n"
                        + " abstract static class S implements io.jtune.api.spi.TrialScheduler { }\n " + STEP + "\n}\n")
                        .expect("Fx", "@Scheduler(S.class) needs a public, concrete class with a public no-arg constructor, but it is not public and it is not a concrete class"
                                + " and it has no public no-arg constructor"),
                of("plateau without metric", "@Trainable @Stop(plateauStd = 0.01)", STEP)
                        .expect("Fx", "@Stop(plateauStd = 0.01) needs a metric, but @Trainable declares none: set @Trainable(metric = \"<name>\", mode = \"min\" or \"max\")"),
                of("negative iterations", "@Trainable @Stop(iterations = -1)", STEP)
                        .expect("Fx", "@Stop(iterations = -1) must be >= 0 (0 means no limit)"),
                of("threshold without bound", "@Trainable @Stop(when = @Stop.When(metric = \"loss\"))", STEP)
                        .expect("Fx", "@Stop.When(metric = \"loss\") gives neither atLeast nor atMost: give the threshold that stops a trial"),
                of("zero samples", "@Trainable @Samples(0)", STEP)
                        .expect("Fx", "@Samples(0) must be >= 1 (how many trials to sample)"),
                of("zero concurrency", "@Trainable @MaxConcurrent(0)", STEP)
                        .expect("Fx", "@MaxConcurrent(0) must be >= 1 (leave it out for no limit)"),
                of("max failures below -1", "@Trainable @MaxFailures(-2)", STEP)
                        .expect("Fx", "@MaxFailures(-2) must be >= -1 (-1 retries without limit)"),
                of("checkpoint without save", "@Trainable @Checkpoint(frequency = 5)", STEP)
                        .expect("Fx", "@Checkpoint needs @Save and @Restore methods to write and load checkpoints: add both, each taking a Path"),
                of("checkpoint score order", "@Trainable @Checkpoint(keep = 2, score = \"acc\", scoreOrder = \"best\")", STEP, "@Save void s(Path p) { }", "@Restore void r(Path p) { }")
                        .expect("Fx", "@Checkpoint(scoreOrder = \"best\") must be \"min\" or \"max\""),
                of("negative resources", "@Trainable @Resources(cpu = -1)", STEP)
                        .expect("Fx", "@Resources: cpu must be a finite amount >= 0, got -1.0"),
                of("resource changing without checkpoints or metric", "@Trainable @ResourceChanging(topJob = true, increaseByTimes = -1)", STEP)
                        .expect("Fx", "@ResourceChanging(topJob = true) needs a metric to find the best trial, but @Trainable declares none: set @Trainable(metric = \"<name>\", mode = \"min\" or \"max\")")
                        .expect("Fx", "@ResourceChanging(increaseByTimes = -1) must be >= 0 (0 means no limit)")
                        .expect("Fx", "@ResourceChanging restarts trials from a checkpoint when their resources change: add @Save and @Restore methods, each taking a Path"),
                of("expect without bound", "@Trainable(metric = \"loss\", mode = \"min\") @Expect", STEP)
                        .expect("Fx", "@Expect(metric = \"\") gives neither atLeast nor atMost: give at least one bound"),
                of("expect without metric", "@Trainable @Expect(atMost = 0.1) @Expect(metric = \"acc\", atLeast = 0.9, atMost = 0.5)", STEP)
                        .expect("Fx", "@Expect(metric = \"\") refers to the @Trainable metric, but none is declared: name the metric in @Expect or set @Trainable(metric = \"<name>\", mode = \"min\" or \"max\")")
                        .expect("Fx", "@Expect(metric = \"acc\") has atLeast = 0.9 above atMost = 0.5: no value can pass"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void processorReportsEachProblemOnItsElement(RuleFixture fixture) throws Exception {
        FixtureCompiler.Compilation c = new FixtureCompiler(dir).compile("classes", fixture.sources, new TrainableProcessor());
        assertFalse(c.success(), "the fixture must not compile");
        List<Expected> actual = c.errors().stream().map(d -> new Expected(declaredOn(c.line(d), fixture), d.getMessage(null))).sorted().toList();
        assertEquals(sorted(fixture.expected), actual);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void reflectionReportsTheSameProblems(RuleFixture fixture) throws Exception {
        FixtureCompiler.Compilation c = new FixtureCompiler(dir).compile("classes", fixture.sources, null);
        assertTrue(c.success(), () -> "fixture must compile without the processor: " + c.diagnostics());
        List<Expected> actual = ReflectiveTypeModel.problems(c.load(fixture.className)).stream()
                .map(p -> new Expected(p.where().name(), p.message())).sorted().toList();
        assertEquals(sorted(fixture.expected), actual);
    }

    /** The expected element whose declaration is on {@code line}, or the line itself when none is. */
    private static String declaredOn(String line, RuleFixture fixture) {
        return fixture.expected.stream().map(Expected::element).filter(name -> declares(line, name)).findFirst().orElse(line.trim());
    }

    /** True when the line declares a class, field or method of that name. */
    static boolean declares(String line, String name) {
        String n = Pattern.quote(name);
        return Pattern.compile("(class|interface|enum|record)\\s+" + n + "\\b|\\b" + n + "\\s*[;=(]").matcher(line).find();
    }

    private static List<Expected> sorted(List<Expected> expected) {
        return expected.stream().sorted().toList();
    }
}
