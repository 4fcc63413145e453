package io.jtune.engine.annotated;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import example.models.Results;
import io.jtune.api.TuneException;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Trainables by name: registered ones, those in the processor's index, binary names, ambiguity. */
class TrainableRegistryTest {

    @Test
    void registersUnderTheDeclaredOrSimpleNameAndTheClassName() {
        TrainableRegistry r = new TrainableRegistry();
        r.register(Results.IntStep.class);
        r.register(Results.RecordStep.class);
        assertEquals(Optional.of(Results.IntStep.class), r.find("counter"));
        assertEquals(Optional.of(Results.RecordStep.class), r.find("RecordStep"));
        assertEquals(Optional.of(Results.RecordStep.class), r.find("example.models.Results$RecordStep"));
        assertEquals(Optional.empty(), r.find("IntStep"), "a declared name replaces the simple name");
    }

    @Test
    void findsTheClassesTheProcessorIndexedAtCompileTime() throws Exception {
        TrainableRegistry r = new TrainableRegistry();
        r.loadIndex(getClass().getClassLoader());
        assertTrue(r.names().contains("Regression"), r.names()::toString);
        assertSame(Class.forName("example.models.Regression"), r.find("Regression").orElseThrow());
        assertSame(Results.IntStep.class, r.find("counter").orElseThrow());
    }

    @Test
    void anAmbiguousNameListsTheClassesUsingIt() {
        TrainableRegistry r = new TrainableRegistry();
        r.register(GeneratedClasses.valid("one.Model"));
        r.register(GeneratedClasses.valid("two.Model"));
        TuneException e = assertThrows(TuneException.class, () -> r.find("Model"));
        assertEquals("trainable name 'Model' is used by one.Model and two.Model: run one by its class name or give each its own @Trainable(name = ...)", e.getMessage());
        assertEquals("two.Model", r.find("two.Model").orElseThrow().getName());
    }

    @Test
    void onlyAnnotatedClassesCanBeRegistered() {
        TuneException e = assertThrows(TuneException.class, () -> new TrainableRegistry().register(String.class));
        assertEquals("java.lang.String is not annotated with @io.jtune.api.Trainable, so it cannot be registered by name", e.getMessage());
    }

    @Test
    void frontEndsFindTrainablesByNameOrSayWhichExist() {
        assertSame(Results.BeanStep.class, AnnotatedTrainables.forName("BeanStep", getClass().getClassLoader()));
        TuneException e = assertThrows(TuneException.class, () -> AnnotatedTrainables.forName("NoSuchModel", getClass().getClassLoader()));
        assertTrue(e.getMessage().startsWith("no @Trainable named 'NoSuchModel'; known: ["), e.getMessage());
        assertTrue(e.getMessage().contains("counter"), e.getMessage());
    }
}
