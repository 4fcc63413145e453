package io.jtune.samples;

import io.jtune.api.Checkpoint;
import io.jtune.api.Pbt;
import io.jtune.api.Result;
import io.jtune.api.Samples;
import io.jtune.api.Seed;
import io.jtune.api.Stop;
import io.jtune.api.Trainable;
import io.jtune.engine.Tuner;
import java.io.IOException;

/**
 * Sample 2, Population Based Training: a population of {@value #POPULATION} digit MLPs trains
 * together; every {@value #INTERVAL} epochs the bottom quarter copies the weights
 * and optimiser state of a top-quarter trial (its checkpoint) and continues with that trial's
 * config, its learning rate perturbed by ×0.8 or ×1.2 or resampled. The learning rate therefore
 * changes during training: PBT discovers a schedule instead of one fixed value. Each trial runs
 * {@value #EPOCHS} training iterations (epochs of compute; a trial that copies another's weights
 * also takes over its epoch count). The best trial's final checkpoint is scored on the test rows.
 */
@Trainable(metric = DigitsMlpTrainable.METRIC, mode = "max")
@Pbt(timeAttr = Result.TRAINING_ITERATION, perturbationInterval = DigitsMlpPbt.INTERVAL, mutations = "learning_rate")
@Samples(DigitsMlpPbt.POPULATION)
@Stop(iterations = DigitsMlpPbt.EPOCHS)
@Seed(2024)
@Checkpoint(atEnd = true)
public class DigitsMlpPbt extends DigitsMlpTrainable {
    static final int POPULATION = 8;
    static final int EPOCHS = 40;
    static final int INTERVAL = 4;

    /** Runs the experiment; prints the progress table, the best config and its held-out test accuracy. */
    public static void main(String[] args) throws IOException {
        DigitsTuning.run(Tuner.of(DigitsMlpPbt.class)).print(System.out);
    }
}
