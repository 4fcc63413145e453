package example.models;

import io.jtune.api.Bohb;
import io.jtune.api.HyperBand;
import io.jtune.api.Param;
import io.jtune.api.Samples;
import io.jtune.api.Step;
import io.jtune.api.Stop;
import io.jtune.api.Tpe;
import io.jtune.api.Trainable;
import io.jtune.api.Uniform;

/** Trainables declaring a model-based searcher, which only {@code @Samples} ends. */
public final class ModelSearched {
    private ModelSearched() {
    }

    /** TPE over one parameter, five trials of two steps. */
    @Trainable(metric = "loss", mode = "min")
    @Tpe(nStartupTrials = 2)
    @Samples(5)
    @Stop(iterations = 2)
    public static class Quadratic {
        @Param @Uniform(min = -2, max = 2) double x;

        @Step
        public double step() {
            return x * x;
        }
    }

    /** BOHB with HyperBand for BOHB (maxT 9, eta 3): the loss improves with the budget. */
    @Trainable(metric = "loss", mode = "min")
    @Bohb(seed = 3)
    @HyperBand(maxT = 9, forBohb = true)
    @Samples(12)
    public static class Budgeted {
        @Param @Uniform(min = -2, max = 2) double x;
        int iteration;

        @Step
        public double step() {
            iteration++;
            return x * x + 1.0 / iteration;
        }
    }
}
