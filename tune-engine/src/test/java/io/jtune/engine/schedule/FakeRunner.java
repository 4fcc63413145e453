package io.jtune.engine.schedule;

import io.jtune.api.Config;
import io.jtune.api.Mode;
import io.jtune.api.ResourceRequest;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.api.spi.RunnerView;
import io.jtune.api.spi.TrialScheduler.Decision;
import io.jtune.api.spi.TrialScheduler;
import io.jtune.api.spi.TrialView;
import io.jtune.api.trainable.CheckpointDir;
import io.jtune.engine.TestTrialView;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A runner that applies what a scheduler asks to {@link TestTrialView}s and records it; like Ray's
 * runner, stopping a trial that is not running tells the scheduler through {@code onTrialRemove}.
 */
final class FakeRunner implements RunnerView {
    final List<TestTrialView> trials = new ArrayList<>();
    final List<String> log = new ArrayList<>();
    final TrialScheduler scheduler;
    int freeSlots = Integer.MAX_VALUE;
    ResourceRequest totals = ResourceRequest.cpus(8);
    private int checkpoints;

    /** One exploit the scheduler asked for. */
    record Exploit(String trial, Config config, String tag, CheckpointDir from) {
    }

    final List<Exploit> exploits = new ArrayList<>();

    FakeRunner(TrialScheduler scheduler) {
        this.scheduler = scheduler;
    }

    static ExperimentInfo experiment(String metric, Mode mode, long seed) {
        return experiment(metric, mode, seed, SearchSpace.empty(), Path.of("target", "fake-experiment"));
    }

    static ExperimentInfo experiment(String metric, Mode mode, long seed, SearchSpace space, Path dir) {
        return new ExperimentInfo("fake", dir, metric, mode, space, seed);
    }

    TestTrialView add(TestTrialView trial) {
        trials.add(trial);
        scheduler.onTrialAdd(this, trial);
        return trial;
    }

    TestTrialView add(String id) {
        return add(new TestTrialView(id));
    }

    /** Reports a result as the runner would: the trial runs, the scheduler decides, the decision is applied. */
    Decision report(TestTrialView trial, String metric, double value, double time) {
        trial.status = TrialStatus.RUNNING;
        Result r = trial.result(metric, value, time);
        Decision d = scheduler.onTrialResult(this, trial, r);
        switch (d) {
            case STOP -> trial.status = TrialStatus.TERMINATED;
            case PAUSE -> trial.status = TrialStatus.PAUSED;
            case CONTINUE -> { }
        }
        return d;
    }

    @Override
    public List<? extends TrialView> trials() {
        return trials;
    }

    @Override
    public boolean hasResources(ResourceRequest request) {
        return trials.stream().filter(t -> t.status == TrialStatus.RUNNING).count() < freeSlots;
    }

    @Override
    public ResourceRequest totalResources() {
        return totals;
    }

    @Override
    public void changeResources(TrialView trial, ResourceRequest request) {
        log.add("resources " + trial.id() + " " + request);
        ((TestTrialView) trial).resources = request;
    }

    @Override
    public void stopTrial(TrialView trial) {
        TestTrialView t = (TestTrialView) trial;
        log.add("stop " + t.id);
        TrialStatus before = t.status;
        t.status = TrialStatus.TERMINATED;
        if (before == TrialStatus.RUNNING) {
            scheduler.onTrialComplete(this, t, t.lastResult);
        } else {
            scheduler.onTrialRemove(this, t);
        }
    }

    @Override
    public void pauseTrial(TrialView trial) {
        log.add("pause " + trial.id());
        ((TestTrialView) trial).status = TrialStatus.PAUSED;
    }

    @Override
    public void unpauseTrial(TrialView trial) {
        log.add("unpause " + trial.id());
        ((TestTrialView) trial).status = TrialStatus.PENDING;
    }

    /** As the engine: a running trial saves now; a paused one hands over the checkpoint it paused with. */
    @Override
    public CheckpointDir saveCheckpoint(TrialView trial) {
        if (trial.status() == TrialStatus.PAUSED && trial.latestCheckpoint().isPresent()) {
            return trial.latestCheckpoint().get();
        }
        CheckpointDir c = CheckpointDir.fromDirectory(Path.of(trial.id(), "checkpoint_" + (++checkpoints)));
        ((TestTrialView) trial).checkpoint = c;
        log.add("save " + trial.id());
        return c;
    }

    @Override
    public void exploit(TrialView trial, Config newConfig, String newTag, CheckpointDir from) {
        TestTrialView t = (TestTrialView) trial;
        exploits.add(new Exploit(t.id, newConfig, newTag, from));
        log.add("exploit " + t.id + " from " + from.path());
        t.config = newConfig;
        t.tag = newTag;
        t.checkpoint = from;
    }
}
