package io.jtune.report;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.jtune.api.Mode;
import io.jtune.api.Result;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/** Large experiments made in memory (no trainable runs), to render reports of any size. */
final class SyntheticExperiments {
    private SyntheticExperiments() {
    }

    /** {@code trials} trials of up to {@code iterations} results; every 10th errs, every 3rd is stopped early. */
    static ExperimentRecord of(int trials, int iterations, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<TrialRecord> records = new ArrayList<>(trials);
        for (int t = 0; t < trials; t++) {
            double lr = Math.pow(10, -4 + 3 * random.nextDouble());
            int units = 16 << random.nextInt(5);
            String optimizer = random.nextBoolean() ? "adam" : "sgd";
            boolean errs = t % 10 == 9;
            int length = errs ? 1 + random.nextInt(iterations) : t % 3 == 1 ? Math.max(1, iterations / 4) : iterations;
            List<Result> history = new ArrayList<>(length);
            double distance = Math.log10(lr) + 2;
            for (int i = 1; i <= length; i++) {
                history.add(Result.of(Map.of(Result.TRAINING_ITERATION, i, "loss", distance * distance + 16.0 / units + 1.0 / i + 0.01 * random.nextDouble())));
            }
            records.add(new TrialRecord(String.format("bench_%05d", t), "bench_" + t, errs ? "ERROR" : "TERMINATED",
                    Map.of("lr", lr, "units", units, "optimizer", optimizer), history, errs ? "java.lang.IllegalStateException: diverged\n\tat x" : null, null));
        }
        return new ExperimentRecord("synthetic-" + trials, "loss", Mode.MIN, JsonNodeFactory.instance.objectNode(), records);
    }
}
