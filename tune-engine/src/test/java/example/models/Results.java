package example.models;

import io.jtune.api.Param;
import io.jtune.api.Step;
import io.jtune.api.Trainable;
import io.jtune.api.Uniform;
import java.util.Map;

/** Trainables whose steps return each kind of result the adapter turns into metrics. */
public final class Results {
    private Results() {
    }

    /** What a record step returns. */
    public record Metrics(double loss, int epoch, boolean done) {
    }

    /** What a bean step returns: getters and an is-getter, one of them with an acronym. */
    public static final class Report {
        private final double accuracy;

        Report(double accuracy) {
            this.accuracy = accuracy;
        }

        public double getAccuracy() {
            return accuracy;
        }

        public boolean isConverged() {
            return accuracy > 0.9;
        }

        public String getURL() {
            return "http://example.org/" + accuracy;
        }
    }

    @Trainable(metric = "loss", mode = "min")
    public static class RecordStep {
        @Param @Uniform(min = 0, max = 1) double x;
        private int epoch;

        @Step
        public Metrics step() {
            epoch++;
            return new Metrics(x * x / epoch, epoch, epoch == 3);
        }
    }

    @Trainable(metric = "accuracy", mode = "max")
    public static class BeanStep {
        @Step
        Report step() {
            return new Report(0.95);
        }
    }

    @Trainable(name = "counter", metric = "score", mode = "max")
    public static class IntStep {
        private int calls;

        @Step
        int step() {
            return ++calls;
        }
    }

    @Trainable(metric = "score", mode = "max")
    public static class BoxedStep {
        Double next = 1.5;

        @Step
        Double step() {
            return next;
        }
    }

    @Trainable
    public static class NullMap {
        @Step
        Map<String, ?> step() {
            return null;
        }
    }

    @Trainable
    public static class Throwing {
        @Step
        Map<String, ?> step() throws java.io.IOException {
            throw new java.io.IOException("disk full");
        }
    }

    /** Records the frames between the adapter and the user's step. */
    @Trainable
    public static class StackProbe {
        @Step
        public Map<String, Object> step() {
            StackTraceElement caller = new Throwable().getStackTrace()[1];
            return Map.of("caller_class", caller.getClassName(), "caller_method", caller.getMethodName());
        }
    }
}
