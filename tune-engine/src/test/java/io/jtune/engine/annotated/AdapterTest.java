package io.jtune.engine.annotated;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import example.models.Probe;
import example.models.Results;
import io.jtune.api.Config;
import io.jtune.api.TuneException;
import io.jtune.api.trainable.ClassTrainable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The generated adapter: injection, setup, direct step calls, metrics of each result kind, checkpoints, reset, teardown. */
class AdapterTest {
    private static final Map<String, Object> REGRESSION_CONFIG = Map.of("lr", 0.05, "batches", 2, "seed", 42, "decay", 0.25,
            "shuffle", true, "activation", "tanh", "optimizer", "MOMENTUM");

    @TempDir
    Path dir;

    private static ClassTrainable regression(Map<String, ?> config) throws Exception {
        ClassTrainable t = AnnotatedTrainables.factory(Class.forName("example.models.Regression")).get();
        t.setup(Config.of(config));
        return t;
    }

    @Test
    void injectsEveryParameterTypeIntoPrivateFieldsOfAPackagePrivateClassBeforeSetup() throws Exception {
        Map<String, ?> m = regression(REGRESSION_CONFIG).step();
        assertEquals(0.05, m.get("lr"));
        assertEquals(2, m.get("batches"));
        assertEquals(42L, m.get("seed"));
        assertEquals(0.25f, m.get("decay"));
        assertEquals(true, m.get("shuffle"));
        assertEquals("tanh", m.get("activation"));
        assertEquals("MOMENTUM", m.get("optimizer").toString());
        assertEquals(1, m.get("setups"));
        assertEquals(0.05, m.get("lr_at_setup"), "setup must run after injection");
    }

    @Test
    void stepsRunTheUserCodeAndReturnItsMapAsIs() throws Exception {
        ClassTrainable t = regression(REGRESSION_CONFIG);
        double first = (double) t.step().get("loss");
        double second = (double) t.step().get("loss");
        assertTrue(second < first && first < 9, "gradient descent on (w - 3)^2 must reduce the loss: " + first + " then " + second);
    }

    @Test
    void recordResultsBecomeMetricsInComponentOrder() throws Exception {
        ClassTrainable t = AnnotatedTrainables.factory(Results.RecordStep.class).get();
        t.setup(Config.of(Map.of("x", 0.5)));
        t.step();
        Map<String, ?> m = t.step();
        assertEquals(List.of("loss", "epoch", "done"), List.copyOf(m.keySet()));
        assertEquals(Map.of("loss", 0.125, "epoch", 2, "done", false), m);
        assertEquals(true, t.step().get("done"));
    }

    @Test
    void beanResultsBecomeMetricsByPropertyName() throws Exception {
        ClassTrainable t = AnnotatedTrainables.factory(Results.BeanStep.class).get();
        t.setup(Config.empty());
        Map<String, ?> m = t.step();
        assertEquals(List.of("URL", "accuracy", "converged"), List.copyOf(m.keySet()));
        assertEquals(0.95, m.get("accuracy"));
        assertEquals(true, m.get("converged"));
    }

    @Test
    void aNumberIsReportedUnderTheMetric() throws Exception {
        ClassTrainable ints = AnnotatedTrainables.factory(Results.IntStep.class).get();
        ints.setup(Config.empty());
        ints.step();
        assertEquals(Map.of("score", 2.0), ints.step());

        ClassTrainable boxed = AnnotatedTrainables.factory(Results.BoxedStep.class).get();
        boxed.setup(Config.empty());
        assertEquals(Map.of("score", 1.5), boxed.step());
    }

    @Test
    void aNullResultNamesTheStepMethod() throws Exception {
        ClassTrainable t = AnnotatedTrainables.factory(Results.NullMap.class).get();
        t.setup(Config.empty());
        IllegalStateException e = assertThrows(IllegalStateException.class, t::step);
        assertEquals("@Step method example.models.Results$NullMap.step() returned null: return this iteration's metrics", e.getMessage());
    }

    @Test
    void exceptionsOfTheStepPropagateUnwrapped() throws Exception {
        ClassTrainable t = AnnotatedTrainables.factory(Results.Throwing.class).get();
        t.setup(Config.empty());
        assertEquals("disk full", assertThrows(IOException.class, t::step).getMessage());
    }

    @Test
    void stepCallsTheUserMethodDirectlyFromTheGeneratedAdapter() throws Exception {
        ClassTrainable t = AnnotatedTrainables.factory(Results.StackProbe.class).get();
        t.setup(Config.empty());
        Map<String, ?> m = t.step();
        assertEquals(Results.StackProbe.class.getName() + "$JTuneAdapter", m.get("caller_class"));
        assertEquals("step", m.get("caller_method"));
        assertEquals(t.getClass().getName(), m.get("caller_class"));
        assertSame(Results.StackProbe.class.getClassLoader(), t.getClass().getClassLoader());
        assertEquals(Results.StackProbe.class.getPackageName(), t.getClass().getPackageName());
    }

    @Test
    void checkpointsAreDelegatedToSaveAndRestore() throws Exception {
        ClassTrainable trained = regression(REGRESSION_CONFIG);
        trained.step();
        double weight = (double) trained.step().get("weight");
        assertTrue(trained.supportsCheckpoints());
        trained.save(dir);
        assertEquals(Double.toString(weight), Files.readString(dir.resolve("weight.txt")));

        ClassTrainable fresh = regression(REGRESSION_CONFIG);
        fresh.restore(dir);
        double next = (double) fresh.step().get("weight");
        assertTrue(next > weight && next < 3, "restored training continues from the saved weight " + weight + ", got " + next);
    }

    @Test
    void aClassWithoutSaveAndRestoreHasNoCheckpoints() throws Exception {
        ClassTrainable t = AnnotatedTrainables.factory(Results.IntStep.class).get();
        assertFalse(t.supportsCheckpoints());
        UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class, () -> t.save(dir));
        assertEquals("example.models.Results$IntStep has no @Save and @Restore methods: add both, each taking a Path, to enable checkpoints", e.getMessage());
    }

    @Test
    void resetInjectsTheNewConfigThenAsksTheUser() throws Exception {
        ClassTrainable t = regression(REGRESSION_CONFIG);
        t.step();
        Map<String, Object> next = new LinkedHashMap<>(REGRESSION_CONFIG);
        next.put("lr", 0.01);
        next.put("activation", "relu");
        assertTrue(t.reset(Config.of(next)));
        Map<String, ?> m = t.step();
        assertEquals(0.01, m.get("lr"));
        assertEquals("relu", m.get("activation"));
        assertEquals(1, m.get("resets"));
        assertEquals(1, m.get("setups"), "reset replaces setup");

        ClassTrainable plain = AnnotatedTrainables.factory(Results.IntStep.class).get();
        plain.setup(Config.empty());
        assertFalse(plain.reset(Config.empty()), "without @Reset the executor must make a new instance");
    }

    @Test
    void cleanupCallsTeardown() throws Exception {
        ClassTrainable t = regression(REGRESSION_CONFIG);
        int before = Probe.TEARDOWNS.get();
        t.cleanup();
        assertEquals(before + 1, Probe.TEARDOWNS.get());
    }

    @Test
    void eachCallOfTheFactoryMakesANewInstanceOfOneCachedAdapterClass() throws Exception {
        Supplier<ClassTrainable> factory = AnnotatedTrainables.factory(Results.IntStep.class);
        ClassTrainable a = factory.get();
        ClassTrainable b = factory.get();
        assertNotSame(a, b);
        assertSame(a.getClass(), b.getClass());
        assertSame(a.getClass(), AnnotatedTrainables.factory(Results.IntStep.class).get().getClass());
        a.setup(Config.empty());
        b.setup(Config.empty());
        a.step();
        assertEquals(Map.of("score", 1.0), b.step(), "instances do not share state");
    }

    @Test
    void aConfigValueOfTheWrongTypeNamesParameterAndField() throws Exception {
        Map<String, Object> bad = new LinkedHashMap<>(REGRESSION_CONFIG);
        bad.put("batches", 2.5);
        TuneException e = assertThrows(TuneException.class, () -> regression(bad));
        assertEquals("the trial's config holds 2.5 (Double) for @Param 'batches', but field Regression.batches of type int needs a whole number that fits int", e.getMessage());

        bad.put("batches", 2);
        bad.put("optimizer", "ADAM");
        e = assertThrows(TuneException.class, () -> regression(bad));
        assertEquals("the trial's config holds ADAM (String) for @Param 'optimizer', but field Regression.optimizer of type Optimizer needs a constant of Optimizer", e.getMessage());
    }

    @Test
    void aMissingConfigValueNamesTheParameter() throws Exception {
        Map<String, Object> partial = new LinkedHashMap<>(REGRESSION_CONFIG);
        partial.remove("seed");
        TuneException e = assertThrows(TuneException.class, () -> regression(partial));
        assertTrue(e.getMessage().startsWith("the trial's config has no value for @Param 'seed' (field Regression.seed of type long); it has ["), e.getMessage());
        assertTrue(e.getMessage().endsWith("]: keep the parameter in the search space"), e.getMessage());
    }
}
