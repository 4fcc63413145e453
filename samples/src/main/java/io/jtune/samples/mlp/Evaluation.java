package io.jtune.samples.mlp;

/**
 * A model's mean cross-entropy and accuracy on a set of labelled rows.
 *
 * @param loss mean cross-entropy (natural log)
 * @param accuracy fraction of rows whose most probable class is the label
 */
public record Evaluation(double loss, double accuracy) {
}
