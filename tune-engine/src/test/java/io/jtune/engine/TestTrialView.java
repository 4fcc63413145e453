package io.jtune.engine;

import io.jtune.api.Config;
import io.jtune.api.ResourceRequest;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.spi.TrialView;
import io.jtune.api.trainable.CheckpointDir;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A trial whose state a test sets directly, for tests of schedulers, searchers and callbacks (the
 * engine's Trial is not needed): through its fields or the chained setters.
 */
public final class TestTrialView implements TrialView {
    public final String id;
    public String tag;
    public Config config;
    public TrialStatus status = TrialStatus.PENDING;
    public Result lastResult;
    public CheckpointDir checkpoint;
    public ResourceRequest resources = ResourceRequest.DEFAULT;
    public int failures;
    private final Path dir;

    /** A trial named {@code train_<id>_0} in {@code experimentDir} (null: no folder), tagged with its id. */
    public TestTrialView(String id, Config config, Path experimentDir) {
        this.id = id;
        this.tag = id;
        this.config = config;
        this.dir = experimentDir == null ? Path.of(name()) : experimentDir.resolve(name());
    }

    public TestTrialView(String id, Config config) {
        this(id, config, null);
    }

    public TestTrialView(String id) {
        this(id, Config.empty());
    }

    /** Sets and returns a result with the metric's value at this time (both as {@code training_iteration} and {@code time_total_s}). */
    public Result result(String metric, double value, double time) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(Result.TRAINING_ITERATION, (long) time);
        m.put(Result.TIME_TOTAL_S, time);
        m.put(metric, value);
        lastResult = Result.of(m);
        return lastResult;
    }

    public TestTrialView status(TrialStatus newStatus) {
        status = newStatus;
        return this;
    }

    public TestTrialView lastResult(Result result) {
        lastResult = result;
        return this;
    }

    public TestTrialView failures(int count) {
        failures = count;
        return this;
    }

    public TestTrialView resources(ResourceRequest request) {
        resources = request;
        return this;
    }

    public TestTrialView config(Config newConfig) {
        config = newConfig;
        return this;
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public String name() {
        return "train_" + id + "_0";
    }

    @Override
    public String experimentTag() {
        return tag;
    }

    @Override
    public Config config() {
        return config;
    }

    @Override
    public TrialStatus status() {
        return status;
    }

    @Override
    public Result lastResult() {
        return lastResult;
    }

    @Override
    public ResourceRequest resources() {
        return resources;
    }

    @Override
    public int numFailures() {
        return failures;
    }

    @Override
    public Optional<CheckpointDir> latestCheckpoint() {
        return Optional.ofNullable(checkpoint);
    }

    @Override
    public Path localDir() {
        return dir;
    }

    @Override
    public String toString() {
        return id + "(" + status + ")";
    }
}
