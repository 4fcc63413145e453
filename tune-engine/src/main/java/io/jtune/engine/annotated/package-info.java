/**
 * The engine side of the annotation API. {@link io.jtune.engine.annotated.AnnotatedTrainables} is
 * the entry: it validates a {@code @Trainable} class with the run-time rules, makes factories of
 * Byte Buddy adapters that call the user's methods directly, reads the experiment annotations into
 * an {@link io.jtune.engine.annotated.AnnotatedExperiment} for the {@link io.jtune.engine.Tuner},
 * and finds trainables by name through the {@link io.jtune.engine.annotated.TrainableRegistry}.
 */
package io.jtune.engine.annotated;
