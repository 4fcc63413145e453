package io.jtune.engine.annotated;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import example.models.Results;
import io.jtune.api.Config;
import io.jtune.api.TuneException;
import io.jtune.api.trainable.ClassTrainable;
import java.lang.ref.WeakReference;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Validation at run time, and the weak cache of adapter classes. */
class AnnotatedTrainablesTest {

    @Test
    void tellsAnnotatedClassesApart() {
        assertTrue(AnnotatedTrainables.isAnnotated(Results.IntStep.class));
        assertFalse(AnnotatedTrainables.isAnnotated(Results.class));
    }

    @Test
    void aClassCompiledWithoutTheProcessorIsValidatedWithEveryProblemListed() {
        TuneException e = assertThrows(TuneException.class, () -> AnnotatedTrainables.factory(GeneratedClasses.broken()));
        String n = System.lineSeparator() + "  - ";
        assertEquals("example.generated.Broken is not a valid @Trainable class; fix these 5 problems:"
                + n + "@Trainable(metric = \"loss\") needs mode = \"min\" or \"max\""
                + n + "@Param field 'lr' must not be final: the engine sets it for each trial"
                + n + "@Param field 'lr' has no domain: add one of @Uniform, @LogUniform, @Normal, @IntRange, @Choice, @Grid"
                + n + "@Step method 'step(int)' must take no parameters: read hyperparameters from @Param fields"
                + n + "@Step method 'step(int)' returns void: return a Map<String, ?>, a record or bean with getters, or one number", e.getMessage());
    }

    @Test
    void adapterClassesDoNotKeepTheirClassLoaderAlive() throws Exception {
        WeakReference<Class<?>> user = adaptOnce();
        for (int i = 0; i < 100 && user.get() != null; i++) {
            System.gc();
            Thread.onSpinWait();
        }
        assertNull(user.get(), "the user class and its adapter must be collectable once nothing else refers to them");
    }

    private static WeakReference<Class<?>> adaptOnce() throws Exception {
        Class<?> c = GeneratedClasses.valid("example.generated.Collectable");
        ClassTrainable t = AnnotatedTrainables.factory(c).get();
        t.setup(Config.empty());
        assertEquals(Map.of(), t.step());
        assertEquals(c.getClassLoader(), t.getClass().getClassLoader());
        return new WeakReference<>(c);
    }
}
