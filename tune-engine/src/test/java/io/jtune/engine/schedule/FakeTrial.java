package io.jtune.engine.schedule;

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

/** A trial whose state the test sets directly. */
final class FakeTrial implements TrialView {
    final String id;
    String tag;
    Config config;
    TrialStatus status = TrialStatus.PENDING;
    Result lastResult;
    CheckpointDir checkpoint;
    ResourceRequest resources = ResourceRequest.DEFAULT;

    FakeTrial(String id, Config config) {
        this.id = id;
        this.tag = id;
        this.config = config;
    }

    FakeTrial(String id) {
        this(id, Config.empty());
    }

    /** A result with the given metric value at this time (both as {@code training_iteration} and {@code time_total_s}). */
    Result result(String metric, double value, double time) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(Result.TRAINING_ITERATION, (long) time);
        m.put(Result.TIME_TOTAL_S, time);
        m.put(metric, value);
        lastResult = Result.of(m);
        return lastResult;
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public String name() {
        return "fake_" + id;
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
        return 0;
    }

    @Override
    public Optional<CheckpointDir> latestCheckpoint() {
        return Optional.ofNullable(checkpoint);
    }

    @Override
    public Path localDir() {
        return Path.of(name());
    }

    @Override
    public String toString() {
        return id + "(" + status + ")";
    }
}
