/**
 * The rules of a {@code @Trainable} class, written once over a small model of classes, fields and
 * methods ({@link io.jtune.api.validation.TypeModel} and friends), and two front ends that build
 * that model: the annotation processor (from {@code javax.lang.model}, at compile time) and
 * {@link io.jtune.api.validation.ReflectiveTypeModel} (from reflection, at run time, for classes
 * compiled without the processor). Both report the same problems with the same messages.
 */
package io.jtune.api.validation;
