package io.jtune.engine;

import io.jtune.api.Config;
import io.jtune.api.ResourceRequest;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.spi.TrialView;
import io.jtune.api.trainable.CheckpointDir;
import java.nio.file.Path;
import java.util.Optional;

/** A mutable trial for tests of SPIs and callbacks (the engine's Trial is not needed). */
public final class TestTrialView implements TrialView {
    private final String id;
    private final String name;
    private final Path dir;
    private Config config;
    private TrialStatus status = TrialStatus.PENDING;
    private Result lastResult;
    private ResourceRequest resources = ResourceRequest.DEFAULT;
    private int failures;

    public TestTrialView(String id, Config config, Path experimentDir) {
        this.id = id;
        this.name = "train_" + id + "_0";
        this.config = config;
        this.dir = experimentDir == null ? null : experimentDir.resolve(name);
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
        return name;
    }

    @Override
    public String experimentTag() {
        return "0";
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
        return Optional.empty();
    }

    @Override
    public Path localDir() {
        return dir;
    }
}
