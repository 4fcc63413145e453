package io.jtune.xgboost;

import io.jtune.api.Config;
import io.jtune.api.Restore;
import io.jtune.api.Save;
import io.jtune.api.Setup;
import io.jtune.api.Step;
import io.jtune.api.Teardown;
import io.jtune.api.trainable.ClassTrainable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import ml.dmlc.xgboost4j.java.Booster;
import ml.dmlc.xgboost4j.java.XGBoostError;

/**
 * A trial that trains one XGBoost booster: each step runs {@link XGBoostTask#roundsPerStep} boosting
 * rounds and reports every watch's every eval metric under XGBoost's names
 * ({@code validation-logloss}, {@code train-auc}, ...) and {@code boosting_rounds}, the rounds done.
 * Its checkpoint is the booster ({@link BoosterCheckpoint}), so a paused, exploited (PBT), retried
 * or resumed trial goes on training the same booster from its round.
 *
 * <p>The booster's parameters are the task's fixed ones, overridden by the trial's config (its keys
 * are XGBoost parameter names, e.g. {@code @Param("max_depth")}); {@code nthread} is the trial's
 * CPUs unless set, and {@code seed_per_iteration} is true unless set (so a resumed booster samples as
 * an uninterrupted one). The booster is freed, and the data handed back to its {@link DataSource},
 * when the trial stops, fails or pauses.
 *
 * <p>Use it three ways: subclass it, annotate the subclass with {@code @io.jtune.api.Trainable} and
 * declare the search space as {@code @Param} fields (every lifecycle method is already annotated);
 * subclass it without annotations and pass the class to {@code Tuner.of}; or pass
 * {@link #factory(XGBoostTask)} to {@code Tuner.of(name, factory)}. A subclass supplies its task by
 * overriding {@link #task()}; one that runs in a worker process or on a cluster must be a class.
 */
public class XGBoostTrainable implements ClassTrainable {
    private final XGBoostTask task;
    private BoostingRun run;
    private int roundsPerStep;

    /** For subclasses that override {@link #task()}. */
    protected XGBoostTrainable() {
        this.task = null;
    }

    /** A trainable of the given task. */
    public XGBoostTrainable(XGBoostTask task) {
        this.task = Objects.requireNonNull(task, "XGBoost task");
    }

    /** A factory of trainables of one task, for {@code Tuner.of(name, factory)} (runs on threads only: a factory cannot cross to another JVM). */
    public static Supplier<ClassTrainable> factory(XGBoostTask task) {
        Objects.requireNonNull(task, "XGBoost task");
        return () -> new XGBoostTrainable(task);
    }

    /** The task trials of this class train; subclasses made without one override this. */
    protected XGBoostTask task() {
        if (task == null) {
            throw new IllegalStateException(getClass().getName() + " has no XGBoostTask: override task() to return one"
                    + " (data source, fixed XGBoost parameters) or construct it with new XGBoostTrainable(task)");
        }
        return task;
    }

    /**
     * The XGBoost parameters of a trial: by default the task's fixed parameters overridden by every
     * config entry. Override to rename or drop config entries that are not XGBoost parameters.
     */
    protected Map<String, Object> boosterParams(XGBoostTask task, Config config) {
        return BoosterParams.merge(task.params(), config);
    }

    @Setup
    @Override
    public void setup(Config config) throws Exception {
        XGBoostTask current = task();
        roundsPerStep = current.roundsPerStep();
        run = BoostingRun.start(current.data(), BoosterParams.withDefaults(boosterParams(current, config)));
    }

    @Step
    @Override
    public Map<String, Object> step() throws XGBoostError {
        return run.boost(roundsPerStep);
    }

    @Save
    @Override
    public void save(Path dir) throws IOException {
        run.save(dir);
    }

    @Restore
    @Override
    public void restore(Path dir) throws IOException {
        run.restore(dir);
    }

    @Override
    public boolean supportsCheckpoints() {
        return true;
    }

    /** Frees this trial's booster and data, then sets up the new config's: the instance is reused. */
    @Override
    public boolean reset(Config newConfig) throws Exception {
        cleanup();
        setup(newConfig);
        return true;
    }

    @Teardown
    @Override
    public void cleanup() {
        if (run != null) {
            BoostingRun ending = run;
            run = null;
            ending.close();
        }
    }

    /** The booster being trained (for a subclass's own metrics or predictions); valid between setup and cleanup. */
    protected Booster booster() {
        return requireRun().booster();
    }

    /** The boosting rounds done. */
    protected int rounds() {
        return requireRun().rounds();
    }

    /** The parameters the booster trains with, {@code nthread} included. */
    protected Map<String, Object> params() {
        return requireRun().params();
    }

    private BoostingRun requireRun() {
        if (run == null) {
            throw new IllegalStateException(getClass().getName() + " has no booster: it exists between setup and cleanup");
        }
        return run;
    }
}
