/**
 * The compile-time front end: an annotation processor that checks every {@code @Trainable} class
 * against {@link io.jtune.api.validation.TrainableRules}, reports each problem as a javac error on
 * its element, and writes the index {@code META-INF/jtune/trainables}.
 */
package io.jtune.api.processor;
