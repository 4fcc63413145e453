package io.jtune.engine.runner;

import io.jtune.api.spi.Callback;
import io.jtune.api.spi.RunnerView;
import io.jtune.api.spi.TrialScheduler;
import io.jtune.engine.exec.TrialExecutor;
import io.jtune.engine.output.ResultLog;
import io.jtune.engine.runner.guard.GuardedSearcher;
import io.jtune.engine.runner.state.CheckpointBook;
import io.jtune.engine.runner.state.SnapshotSchedule;
import io.jtune.engine.spec.ExperimentSpec;
import java.util.List;

/**
 * What the {@link TrialRunner}'s parts ({@link TrialLifecycle}, {@link TrialLauncher},
 * {@link ResultIntake}, {@link TrialFailures}) share: the experiment, the executor the runner talks
 * to, its trials, its guarded components with the view the scheduler is called with, its checkpoint
 * book and snapshot schedule. Each part copies what it uses into its own fields.
 */
record RunnerParts(ExperimentSpec spec, TrialExecutor executor, TrialTable table, TrialScheduler scheduler, GuardedSearcher searcher,
        List<Callback> callbacks, List<ResultLog> resultLogs, CheckpointBook checkpoints, SnapshotSchedule snapshots, RunnerView view) {
}
