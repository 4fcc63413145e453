package io.jtune.engine.runner;

import io.jtune.api.Config;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.TuneException;
import io.jtune.api.spi.Objective;
import io.jtune.api.trainable.Checkpoint;
import io.jtune.engine.CheckpointPolicy;
import io.jtune.engine.ExperimentSpec;
import io.jtune.engine.FolderNames;
import io.jtune.engine.MissingCheckpoints;
import io.jtune.engine.ResumeMode;
import io.jtune.engine.checkpoint.CheckpointFolders;
import io.jtune.engine.checkpoint.TrackedCheckpoint;
import io.jtune.engine.checkpoint.TrialCheckpoints;
import io.jtune.engine.output.JsonLoggerCallback;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns an experiment's {@code experiment_state.json} back into the trials a resumed runner
 * continues (Ray Tune's {@code Tuner.restore}), after checking that the state belongs to the
 * experiment being resumed. A continuing trial restarts from its latest checkpoint whose results
 * are all in its {@code result.json} (results logged after that checkpoint are dropped, so no
 * iteration is logged twice or lost); checkpoint and trial folders the state does not know (written
 * after its last snapshot) are deleted. Blocking file work, done once before any trial starts.
 */
final class ExperimentResume {
    private static final Logger LOG = LoggerFactory.getLogger(ExperimentResume.class);

    private final ExperimentState state;
    private final ResumeMode mode;
    private final MissingCheckpoints missing;
    private final ExperimentSpec spec;

    ExperimentResume(ExperimentState state, ResumeMode mode, MissingCheckpoints missing, ExperimentSpec spec) {
        this.state = Objects.requireNonNull(state, "experiment state");
        this.mode = Objects.requireNonNull(mode, "resume mode");
        this.missing = Objects.requireNonNull(missing, "missing checkpoints policy");
        this.spec = spec;
    }

    ExperimentState state() {
        return state;
    }

    /** Throws a TuneException naming what differs when the spec is not the experiment the state was written by. */
    void requireSameExperiment() {
        ExperimentState.RunnerState runner = state.runner();
        require(runner.trainable().equals(spec.trainable().name()), "it ran the trainable '" + runner.trainable() + "', not '" + spec.trainable().name() + "'");
        String specMode = spec.mode() == null ? null : spec.mode().toString();
        require(Objects.equals(runner.metric(), spec.metric()) && Objects.equals(runner.mode(), specMode),
                "it optimised metric " + runner.metric() + " (" + runner.mode() + "), not " + spec.metric() + " (" + specMode + ")");
        List<Objective> objectives = ExperimentState.objectives(runner);
        require(objectives.equals(spec.objectives()), "it optimised the objectives " + objectives + ", not " + spec.objectives()
                + "; declare the same metrics and modes (Tuner.metrics or @Trainable(metrics, modes)), or leave them to the restore");
        List<String> parameters = ExperimentSnapshot.spaceParameters(spec);
        require(state.settings().spaceParameters().equals(parameters), "it searched the parameters " + state.settings().spaceParameters()
                + ", but this Tuner's space has " + parameters + "; set the same space (for a @Trainable class, keep its @Param fields)");
        requireSameType("searcher", state.searcher(), spec.searcher());
        requireSameType("scheduler", state.scheduler(), spec.scheduler());
        require(state.stoppers().size() == spec.stoppers().size(),
                "it had " + state.stoppers().size() + " stopper(s), this Tuner has " + spec.stoppers().size());
        for (int i = 0; i < spec.stoppers().size(); i++) {
            requireSameType("stopper #" + (i + 1), state.stoppers().get(i), spec.stoppers().get(i));
        }
        requireFoldersInside();
        if (missing == MissingCheckpoints.FAIL) {
            List<String> gone = new ArrayList<>();
            for (ExperimentState.TrialState t : state.trials()) {
                if (continues(t)) {
                    for (ExperimentState.CheckpointState c : t.checkpoints()) {
                        Path folder = spec.experimentDir().resolve(t.name()).resolve(Path.of(c.path()).getFileName());
                        if (!Files.isDirectory(folder)) {
                            gone.add("trial " + t.name() + ": " + folder);
                        }
                    }
                }
            }
            require(gone.isEmpty(), "checkpoint folders it lists are missing (" + String.join("; ", gone)
                    + "); put them back, or resume with Tuner.missingCheckpoints(MissingCheckpoints.RESTART) to continue those trials from their latest checkpoint on disk");
        }
    }

    private boolean continues(ExperimentState.TrialState saved) {
        return switch (saved.status()) {
            case PENDING, RUNNING, PAUSED -> true;
            case ERROR -> mode != ResumeMode.UNFINISHED;
            case TERMINATED -> false;
        };
    }

    /** Every trial and checkpoint folder the state names resolves inside the experiment folder (a crafted state could name others). */
    private void requireFoldersInside() {
        for (int i = 0; i < state.trials().size(); i++) {
            ExperimentState.TrialState t = state.trials().get(i);
            String entry = "trial #" + (i + 1) + " (trial_id " + t.trialId() + ")";
            require(t.name() != null && FolderNames.isFolderName(t.name()), entry + " names the folder '" + t.name()
                    + "', which is not a folder inside the experiment folder; the state file " + ExperimentState.FILE + " was edited or is corrupt");
            for (ExperimentState.CheckpointState c : t.checkpoints()) {
                Path name = c.path() == null ? null : Path.of(c.path()).getFileName();
                require(name != null && CheckpointFolders.iterationOf(name) >= 0, entry + " names the checkpoint '" + c.path()
                        + "', which is not a checkpoint folder of the trial; the state file " + ExperimentState.FILE + " was edited or is corrupt");
            }
        }
    }

    private void requireSameType(String role, ExperimentState.ComponentState saved, Object component) {
        String type = ExperimentState.typeOf(component);
        require(saved.type().equals(type), "it ran with the " + role + " " + saved.type() + ", but this Tuner has " + type
                        + "; configure the same " + role + " (for a @Trainable class, keep its annotations)");
    }

    private void require(boolean same, String difference) {
        if (!same) {
            throw new TuneException("cannot resume the experiment in " + spec.experimentDir() + ": " + difference);
        }
    }

    /** The trials to continue, in the order created, each with its status, failures, logged results and checkpoints back. */
    List<Trial> trials(ResultHistory.Factory histories) {
        deleteUnknownTrialFolders();
        List<Trial> trials = new ArrayList<>(state.trials().size());
        for (ExperimentState.TrialState saved : state.trials()) {
            trials.add(trial(saved, histories));
        }
        return trials;
    }

    private Trial trial(ExperimentState.TrialState saved, ResultHistory.Factory histories) {
        Path dir = spec.experimentDir().resolve(saved.name());
        CheckpointPolicy policy = spec.checkpoint();
        Trial trial = new Trial(saved.trialId(), saved.index(), saved.name(), saved.experimentTag(), Config.of(saved.config()),
                saved.resources() != null ? saved.resources() : spec.resources(), dir,
                new TrialCheckpoints(policy.keep(), policy.scoreAttribute() != null, policy.scoreMode()), histories.of(saved.trialId(), dir));
        boolean erroredAgain = saved.status() == TrialStatus.ERROR && mode == ResumeMode.RESTART_ERRORED;
        if (!continues(saved)) {
            trackExisting(trial, saved, Long.MAX_VALUE, false);
            trial.restore(saved.status(), saved.numFailures(), saved.errorTrace(), JsonLoggerCallback.readResults(dir));
            trial.iteration = saved.trainingIteration();
            trial.timeTotalS = saved.timeTotalS();
            return trial;
        }
        TrialStatus status = saved.status() == TrialStatus.PAUSED ? TrialStatus.PAUSED : TrialStatus.PENDING;
        if (erroredAgain) {
            trial.restore(status, 0, null, List.of());
        } else {
            List<Result> logged = JsonLoggerCallback.readResults(dir);
            boolean hasLog = Files.exists(dir.resolve(JsonLoggerCallback.RESULT_FILE));
            long lastLogged = hasLog ? (logged.isEmpty() ? 0 : logged.get(logged.size() - 1).trainingIteration()) : Long.MAX_VALUE;
            trackExisting(trial, saved, lastLogged, true);
            trial.restore(status, saved.numFailures(), saved.errorTrace(), logged);
        }
        TrackedCheckpoint from = trial.checkpoints().latest();
        trial.rewindTo(from == null ? 0 : from.iteration());
        trial.iteration = from == null ? 0 : from.iteration();
        trial.timeTotalS = from == null ? 0 : from.timeTotalS();
        deleteUntrackedCheckpoints(trial);
        return trial;
    }

    /**
     * Tracks the saved checkpoints whose folders exist and whose state is at most {@code upTo}
     * (the last iteration in result.json: a later one would leave a gap in the results).
     */
    private void trackExisting(Trial trial, ExperimentState.TrialState saved, long upTo, boolean continuing) {
        for (ExperimentState.CheckpointState c : saved.checkpoints()) {
            Path folder = trial.localDir().resolve(Path.of(c.path()).getFileName());
            if (!Files.isDirectory(folder)) {
                LOG.warn("trial {}: its checkpoint folder {} (training_iteration {}) listed in {} is missing; {}", trial.name(), folder,
                        c.trainingIteration(), ExperimentState.FILE, continuing
                                ? "the trial continues from its latest checkpoint still on disk, or from scratch (Tuner.missingCheckpoints(MissingCheckpoints.FAIL) refuses such a resume)"
                                : "the finished trial keeps the others");
            } else if (c.trainingIteration() <= upTo) {
                for (TrackedCheckpoint evicted : trial.checkpoints().add(new TrackedCheckpoint(new Checkpoint(folder), c.trainingIteration(), c.timeTotalS(), c.score()))) {
                    delete(evicted.checkpoint().path());
                }
            }
        }
    }

    private static void deleteUntrackedCheckpoints(Trial trial) {
        Set<Path> tracked = new HashSet<>();
        trial.checkpoints().all().forEach(c -> tracked.add(c.checkpoint().path().getFileName()));
        for (Path folder : folders(trial.localDir())) {
            String name = folder.getFileName().toString();
            boolean checkpoint = CheckpointFolders.iterationOf(folder) >= 0 || name.startsWith(CheckpointFolders.SET_ASIDE_PREFIX);
            if (checkpoint && !tracked.contains(folder.getFileName())) {
                delete(folder);
            }
        }
    }

    /** Folders of trials the searcher suggested after the last snapshot: the resumed search suggests them again. */
    private void deleteUnknownTrialFolders() {
        String prefix = TrialNames.namePrefix(state.runner().trainable(), state.runner().trialIdPrefix());
        Set<String> known = new HashSet<>();
        state.trials().forEach(t -> known.add(t.name()));
        for (Path folder : folders(spec.experimentDir())) {
            String name = folder.getFileName().toString();
            if (name.startsWith(prefix) && !known.contains(name)) {
                LOG.info("deleting {}: a trial begun after the last snapshot of experiment {}, which the resumed search begins again", folder, spec.name());
                delete(folder);
            }
        }
    }

    private static List<Path> folders(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.filter(Files::isDirectory).toList();
        } catch (IOException e) {
            throw new TuneException("cannot list " + dir + " to resume its experiment: " + e.getMessage(), e);
        }
    }

    private static void delete(Path folder) {
        try {
            CheckpointFolders.deleteRecursively(folder);
        } catch (IOException e) {
            throw new TuneException("cannot delete " + folder + ", which the resumed experiment writes again: " + e.getMessage(), e);
        }
    }
}
