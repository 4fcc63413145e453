package example.models;

import io.jtune.api.Checkpoint;
import io.jtune.api.Choice;
import io.jtune.api.Config;
import io.jtune.api.Grid;
import io.jtune.api.IntRange;
import io.jtune.api.LogUniform;
import io.jtune.api.MaxConcurrent;
import io.jtune.api.MaxFailures;
import io.jtune.api.Normal;
import io.jtune.api.Param;
import io.jtune.api.Reset;
import io.jtune.api.Resources;
import io.jtune.api.Restore;
import io.jtune.api.Samples;
import io.jtune.api.Save;
import io.jtune.api.Seed;
import io.jtune.api.Step;
import io.jtune.api.Stop;
import io.jtune.api.Trainable;
import io.jtune.api.Uniform;
import io.jtune.api.spi.Scheduler;
import io.jtune.api.spi.Search;
import io.jtune.api.spi.SearchAlgorithm;
import java.nio.file.Path;
import java.util.Map;

/** Trainables declaring experiments through annotations, for the reader's tests. */
public final class Declared {
    private Declared() {
    }

    /** Declares every experiment annotation there is. */
    @Trainable(metric = "loss", mode = "min")
    @Samples(8)
    @Seed(1234)
    @Stop(iterations = 20, timeBudgetS = 90, when = {@Stop.When(metric = "loss", atMost = 0.01), @Stop.When(metric = "accuracy", atLeast = 0.99)},
            plateauStd = 0.001, plateauResults = 3, plateauGracePeriod = 5)
    @Resources(cpu = 2, gpu = 0.5, memoryMb = 512, custom = @Resources.Custom(name = "tpu", amount = 1))
    @MaxConcurrent(3)
    @MaxFailures(2)
    @Checkpoint(frequency = 5, atEnd = true, keep = 2, score = "loss", scoreOrder = "min")
    @Scheduler(Declared.OwnScheduler.class)
    @Search(Declared.OwnSearcher.class)
    public static class Everything {
        enum Kind { A, B }

        @Param @Uniform(min = -1, max = 1) double u;
        @Param @Uniform(min = 0, max = 1, q = 0.25) double qu;
        @Param @LogUniform(min = 1e-4, max = 1e-1) double lr;
        @Param @Normal(mean = 2, sd = 0.5) float noise;
        @Param @IntRange(min = 1, max = 10) int layers;
        @Param("width") @IntRange(min = 16, max = 256, step = 16, log = true) long units;
        @Param @Choice({"relu", "tanh"}) String activation;
        @Param @Choice({"0.1", "0.2"}) Double dropout;
        @Param @Grid({"A", "B"}) Kind kind;
        @Param @Grid({"true", "false"}) boolean shuffle;

        @Step
        Map<String, Object> step() {
            return Map.of("loss", u);
        }

        @Save
        void save(Path dir) {
        }

        @Restore
        void restore(Path dir) {
        }

        @Reset
        boolean reset(Config c) {
            return true;
        }
    }

    /** A user's own scheduler, named by {@code @Scheduler}. */
    public static class OwnScheduler extends PatientScheduler {
        public OwnScheduler() {
            super(0);
        }
    }

    /** A user's own searcher, named by {@code @Search}. */
    public static class OwnSearcher implements SearchAlgorithm {
        @Override
        public Config suggest(String trialId) {
            return null;
        }

        @Override
        public boolean isFinished() {
            return true;
        }
    }

    /** Declares nothing but the step: every default stays. */
    @Trainable
    public static class Nothing {
        @Step
        Map<String, Object> step() {
            return Map.of();
        }
    }

    /** Declares the FIFO scheduler explicitly. */
    @Trainable
    @io.jtune.api.Fifo
    public static class Fifo {
        @Step
        Map<String, Object> step() {
            return Map.of();
        }
    }

    /** Uses a scheduler annotation the engine does not know, built by a factory named in its meta-annotation. */
    @Trainable(metric = "loss", mode = "max")
    @Patience(7)
    public static class Foreign {
        @Step
        Map<String, Object> step() {
            return Map.of();
        }
    }

    /** Names a factory that does not exist. */
    @Trainable
    @Missing
    public static class MissingFactory {
        @Step
        Map<String, Object> step() {
            return Map.of();
        }
    }
}
