package io.jtune.samples;

import io.jtune.api.Asha;
import io.jtune.api.Checkpoint;
import io.jtune.api.Samples;
import io.jtune.api.Seed;
import io.jtune.api.Trainable;
import io.jtune.engine.Tuner;
import java.io.IOException;

/**
 * Sample 1, early stopping with ASHA: {@value #SAMPLES} random configurations of the digit MLP
 * (learning rate log-uniform, hidden size, batch size, momentum) race for validation accuracy;
 * asynchronous successive halving stops the weaker ones at 2, 6 and 18 epochs so the budget goes
 * to the promising ones, which train to 30 epochs. Trials checkpoint every 5 epochs and at the end;
 * the best trial's final checkpoint is restored to score it on the held-out test rows.
 */
@Trainable(metric = DigitsMlpTrainable.METRIC, mode = "max")
@Asha(maxT = DigitsMlpAsha.MAX_EPOCHS, gracePeriod = 2, reductionFactor = 3)
@Samples(DigitsMlpAsha.SAMPLES)
@Seed(2024)
@Checkpoint(frequency = 5, atEnd = true, keep = 2, score = DigitsMlpTrainable.METRIC)
public class DigitsMlpAsha extends DigitsMlpTrainable {
    static final int SAMPLES = 40;
    static final int MAX_EPOCHS = 30;

    /** Runs the experiment; prints the progress table, the best config and its held-out test accuracy. */
    public static void main(String[] args) throws IOException {
        DigitsTuning.run(Tuner.of(DigitsMlpAsha.class)).print(System.out);
    }
}
