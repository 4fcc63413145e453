package io.jtune.engine.runner.state;

import io.jtune.api.Config;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.TuneException;
import io.jtune.api.spi.Objective;
import io.jtune.api.trainable.CheckpointDir;
import io.jtune.engine.checkpoint.CheckpointFolders;
import io.jtune.engine.checkpoint.TrackedCheckpoint;
import io.jtune.engine.log.LazyLogger;
import io.jtune.engine.output.JsonLoggerCallback;
import io.jtune.engine.runner.guard.ComponentException;
import io.jtune.engine.runner.guard.GuardedSearcher;
import io.jtune.engine.spec.ExperimentSpec;
import io.jtune.engine.spec.FolderNames;
import io.jtune.engine.spec.MissingCheckpoints;
import io.jtune.engine.spec.ResumeMode;
import io.jtune.engine.trial.ResultHistory;
import io.jtune.engine.trial.Trial;
import io.jtune.engine.trial.TrialNames;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Stream;
/**
 * Turns an experiment's {@code experiment_state.json} back into the trials a resumed runner
 * continues (Ray Tune's {@code Tuner.restore}), after checking that the state belongs to the
 * experiment being resumed. A continuing trial restarts from its latest complete checkpoint whose
 * results are all in its {@code result.json}, the state's or one written after its last snapshot
 * (results logged after that checkpoint are dropped, so no iteration is logged twice or lost). Trial
 * folders begun after the last snapshot are adopted, so every result and checkpoint fully written
 * is kept. Blocking file work, done once before any trial starts.
 */
public final class ExperimentResume {
    private static final LazyLogger LOG = new LazyLogger(ExperimentResume.class);

    private final ExperimentState state;
    private final ResumeMode mode;
    private final MissingCheckpoints missing;
    private final ExperimentSpec spec;
    /** The experiment's folder, one path shared by its trials. */
    private final Path experimentDir;
    /** The sampled paths in the order trial tags list them. */
    private final List<String> tagPaths;
    /** How trial names begin: the trainable's name, made safe. */
    private final String trainablePrefix;
    /** Trials whose result.json ends in a final result the state does not know of. */
    private final List<Trial> finishedAfterSnapshot = new ArrayList<>();

    public ExperimentResume(ExperimentState state, ResumeMode mode, MissingCheckpoints missing, ExperimentSpec spec) {
        this.state = Objects.requireNonNull(state, "experiment state");
        this.mode = Objects.requireNonNull(mode, "resume mode");
        this.missing = Objects.requireNonNull(missing, "missing checkpoints policy");
        this.spec = spec;
        this.experimentDir = spec.experimentDir();
        this.tagPaths = ExperimentSnapshot.spaceParameters(spec);
        this.trainablePrefix = TrialNames.trainablePrefix(spec.trainable().name());
    }

    public ExperimentState state() {
        return state;
    }

    /** Throws a TuneException naming what differs when the spec is not the experiment the state was written by. */
    public void requireSameExperiment() {
        ExperimentState.RunnerState runner = state.runner();
        require(runner.trainable().equals(spec.trainable().name()), "it ran the trainable '" + runner.trainable() + "', not '" + spec.trainable().name() + "'");
        String specMode = spec.mode() == null ? null : spec.mode().toString();
        require(Objects.equals(runner.metric(), spec.metric()) && Objects.equals(runner.mode(), specMode),
                "it optimised metric " + runner.metric() + " (" + runner.mode() + "), not " + spec.metric() + " (" + specMode + ")");
        List<Objective> objectives = ExperimentState.objectives(runner);
        require(objectives.equals(spec.objectives()), "it optimised the objectives " + objectives + ", not " + spec.objectives()
                + "; declare the same metrics and modes (Tuner.metrics or @Trainable(metrics, modes)), or leave them to the restore");
        require(state.settings().spaceParameters().equals(tagPaths), "it searched the parameters " + state.settings().spaceParameters()
                + ", but this Tuner's space has " + tagPaths + "; set the same space (for a @Trainable class, keep its @Param fields)");
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
            requireNoLinkOut(spec.experimentDir().resolve(t.name()), entry);
            for (ExperimentState.CheckpointState c : t.checkpoints()) {
                Path name = c.path() == null ? null : Path.of(c.path()).getFileName();
                require(name != null && CheckpointFolders.iterationOf(name) >= 0, entry + " names the checkpoint '" + c.path()
                        + "', which is not a checkpoint folder of the trial; the state file " + ExperimentState.FILE + " was edited or is corrupt");
            }
        }
    }

    /** A trial folder that is a link to a folder outside the experiment folder would make the resume write there: refused. */
    private void requireNoLinkOut(Path folder, String entry) {
        if (!Files.isSymbolicLink(folder)) {
            return;
        }
        try {
            Path target = folder.toRealPath();
            require(target.startsWith(spec.experimentDir().toRealPath()), entry + ": its folder " + folder + " is a link to " + target
                    + ", outside the experiment folder, and a resume writes only inside it; move that folder back in place of the link, then resume again");
        } catch (IOException e) {
            throw new TuneException("cannot resume the experiment in " + spec.experimentDir() + ": " + entry + ": its folder " + folder
                    + " is a link that cannot be followed (" + e + "); replace the link with the trial's folder, then resume again", e);
        }
    }

    private void requireSameType(String role, ExperimentState.ComponentState saved, Object component) {
        String type = ComponentException.typeOf(component);
        require(saved.type().equals(type), "it ran with the " + role + " " + saved.type() + ", but this Tuner has " + type
                        + "; configure the same " + role + " (for a @Trainable class, keep its annotations)");
    }

    private void require(boolean same, String difference) {
        if (!same) {
            throw new TuneException("cannot resume the experiment in " + spec.experimentDir() + ": " + difference);
        }
    }

    /**
     * The trials to continue, in the order created, each with its status, failures, logged results and
     * checkpoints back: the state's, then those begun after its last snapshot ({@link #adoptLaterTrials}).
     * A trial whose result.json ends with its final result ({@code done}) finished after the snapshot
     * and stays TERMINATED.
     */
    public List<Trial> trials(ResultHistory.Factory histories, GuardedSearcher searcher) {
        List<Trial> trials = new ArrayList<>(state.trials().size());
        for (ExperimentState.TrialState saved : state.trials()) {
            trials.add(trial(saved, histories, searcher));
        }
        adoptLaterTrials(trials, histories, searcher);
        return trials;
    }

    private Trial trial(ExperimentState.TrialState saved, ResultHistory.Factory histories, GuardedSearcher searcher) {
        Trial trial = newTrial(saved.trialId(), saved.index(), saved.name(), saved.experimentTag(), Config.of(saved.config()), histories);
        if (saved.resources() != null) {
            trial.changeResources(saved.resources());
        }
        Path dir = trial.localDir();
        boolean erroredAgain = saved.status() == TrialStatus.ERROR && mode == ResumeMode.RESTART_ERRORED;
        if (!continues(saved)) {
            trackExisting(trial, saved, Long.MAX_VALUE, false);
            trial.restore(saved.status(), saved.numFailures(), saved.errorTrace(), JsonLoggerCallback.readResults(dir));
            trial.restoreProgress(saved.trainingIteration(), saved.timeTotalS());
            return trial;
        }
        TrialStatus status = saved.status() == TrialStatus.PAUSED ? TrialStatus.PAUSED : TrialStatus.PENDING;
        if (erroredAgain) {
            trial.restore(status, 0, null, List.of());
            continueFromLatest(trial);
            return trial;
        }
        List<Result> logged = JsonLoggerCallback.readResults(dir);
        boolean hasLog = Files.exists(dir.resolve(JsonLoggerCallback.RESULT_FILE));
        long lastLogged = hasLog ? lastIteration(logged) : Long.MAX_VALUE;
        trackExisting(trial, saved, lastLogged, true);
        trackWrittenLater(trial, logged, lastLogged);
        if (finishedOnDisk(trial, logged, saved.numFailures(), saved.errorTrace(), searcher)) {
            LOG.get().info("trial {} finished after the last snapshot of experiment {}; it stays TERMINATED with its {} result(s)", trial.name(), spec.name(), logged.size());
            return trial;
        }
        trial.restore(status, saved.numFailures(), saved.errorTrace(), logged);
        continueFromLatest(trial);
        return trial;
    }

    private Trial newTrial(String id, int index, String name, String tag, Config config, ResultHistory.Factory histories) {
        return new Trial(id, index, trainablePrefix, name, tag, config, spec.resources(), experimentDir, spec.checkpoint(), histories);
    }

    private static long lastIteration(List<Result> logged) {
        return logged.isEmpty() ? 0 : logged.get(logged.size() - 1).trainingIteration();
    }

    /**
     * When the last logged result is the trial's final one, makes the trial TERMINATED with its
     * results, tells the searcher and keeps the trial for the scheduler ({@link #finishedAfterSnapshot}); true then.
     */
    private boolean finishedOnDisk(Trial trial, List<Result> logged, int failures, String trace, GuardedSearcher searcher) {
        Result last = logged.isEmpty() ? null : logged.get(logged.size() - 1);
        if (last == null || !last.done()) {
            return false;
        }
        trial.restore(TrialStatus.TERMINATED, failures, trace, logged);
        trial.restoreProgress(last.trainingIteration(), last.timeTotalS());
        searcher.onTrialComplete(trial.id(), last, false);
        finishedAfterSnapshot.add(trial);
        return true;
    }

    /**
     * The trials {@link #trials} found finished on disk after the last snapshot (their last result
     * marked done): the searcher has heard of their end; the scheduler, whose state is restored after
     * the trials, is to hear of it then.
     */
    public List<Trial> finishedAfterSnapshot() {
        return finishedAfterSnapshot;
    }

    /** The trial restarts from its latest checkpoint: later results are dropped, untracked checkpoint folders deleted. */
    private static void continueFromLatest(Trial trial) {
        TrackedCheckpoint from = trial.checkpoints().latest();
        trial.rewindTo(from == null ? 0 : from.iteration());
        trial.restoreProgress(from == null ? 0 : from.iteration(), from == null ? 0 : from.timeTotalS());
        deleteUntrackedCheckpoints(trial);
    }

    /**
     * Tracks the saved checkpoints whose folders exist and whose state is at most {@code upTo}
     * (the last iteration in result.json: a later one would leave a gap in the results).
     */
    private void trackExisting(Trial trial, ExperimentState.TrialState saved, long upTo, boolean continuing) {
        for (ExperimentState.CheckpointState c : saved.checkpoints()) {
            Path folder = trial.localDir().resolve(Path.of(c.path()).getFileName());
            if (!Files.isDirectory(folder)) {
                LOG.get().warn("trial {}: its checkpoint folder {} (training_iteration {}) listed in {} is missing; {}", trial.name(), folder,
                        c.trainingIteration(), ExperimentState.FILE, continuing
                                ? "the trial continues from its latest checkpoint still on disk, or from scratch (Tuner.missingCheckpoints(MissingCheckpoints.FAIL) refuses such a resume)"
                                : "the finished trial keeps the others");
            } else if (c.trainingIteration() <= upTo) {
                keep(trial, new TrackedCheckpoint(new CheckpointDir(folder), c.trainingIteration(), c.timeTotalS(), c.score()));
            }
        }
    }

    /**
     * Tracks the checkpoint folders written after the last snapshot: newer than the latest tracked
     * checkpoint, at most {@code upTo} and with their result logged. A folder under a checkpoint's
     * name is complete (checkpoints are written aside and renamed), so the trial continues from it.
     */
    private void trackWrittenLater(Trial trial, List<Result> logged, long upTo) {
        TrackedCheckpoint latest = trial.checkpoints().latest();
        long after = latest == null ? -1 : latest.iteration();
        List<Path> later = folders(trial.localDir()).stream()
                .filter(f -> CheckpointFolders.iterationOf(f) > after && CheckpointFolders.iterationOf(f) <= upTo)
                .sorted(Comparator.comparingLong(CheckpointFolders::iterationOf)).toList();
        for (Path folder : later) {
            long iteration = CheckpointFolders.iterationOf(folder);
            Result at = resultAt(logged, iteration);
            if (at != null) {
                keep(trial, CheckpointBook.tracked(new CheckpointDir(folder), iteration, at, at.timeTotalS(), spec.checkpoint().scoreAttribute()));
            }
        }
    }

    private static Result resultAt(List<Result> logged, long iteration) {
        for (int i = logged.size() - 1; i >= 0; i--) {
            if (logged.get(i).trainingIteration() == iteration) {
                return logged.get(i);
            }
        }
        return null;
    }

    private static void keep(Trial trial, TrackedCheckpoint checkpoint) {
        for (TrackedCheckpoint evicted : trial.trackCheckpoint(checkpoint)) {
            delete(evicted.checkpoint().path());
        }
    }

    private static void deleteUntrackedCheckpoints(Trial trial) {
        Set<Path> tracked = new HashSet<>();
        trial.checkpoints().all().forEach(c -> tracked.add(c.checkpoint().path().getFileName()));
        for (Path folder : folders(trial.localDir())) {
            String name = folder.getFileName().toString();
            boolean checkpoint = CheckpointFolders.iterationOf(folder) >= 0 || name.startsWith(CheckpointFolders.SET_ASIDE_PREFIX)
                    || name.startsWith(CheckpointFolders.IN_PROGRESS_PREFIX);
            if (checkpoint && !tracked.contains(folder.getFileName())) {
                delete(folder);
            }
        }
    }

    /**
     * Adopts the folders of trials begun after the last snapshot (a snapshot that could not be
     * written, a kill between two snapshots), so their results and checkpoints are kept. The resumed
     * searcher is asked again for the trials it suggested after the snapshot, in order: a folder
     * whose params.json is the config suggested again is that trial (the searcher hears its
     * results; a params.json a kill cut short, the beginning of that config, is completed), one
     * with another config is kept apart from the searcher, and a trial suggested then that never
     * started comes back PENDING. An adopted trial whose last result is final stays
     * TERMINATED; others continue from their latest checkpoint. A folder without params.json, or
     * one named for a trial the state lists, holds nothing to continue and is deleted.
     */
    private void adoptLaterTrials(List<Trial> trials, ResultHistory.Factory histories, GuardedSearcher searcher) {
        SortedMap<Integer, Path> later = laterTrialFolders();
        boolean replaying = true;
        for (int index = state.trials().size(); !later.isEmpty() && index <= later.lastKey(); index++) {
            String id = TrialNames.trialId(state.runner().trialIdPrefix(), index);
            Config suggested = replaying && !searcher.isFinished() ? searcher.suggest(id) : null;
            replaying = suggested != null;
            Path folder = later.get(index);
            if (folder != null) {
                trials.add(adopt(folder, id, index, suggested, histories, searcher));
            } else if (suggested != null) {
                String tag = TrialNames.experimentTag(index, suggested, tagPaths);
                trials.add(newTrial(id, index, TrialNames.trialName(trainablePrefix, id, tag), tag, suggested, histories));
            }
        }
    }

    private Trial adopt(Path folder, String id, int index, Config suggested, ResultHistory.Factory histories, GuardedSearcher searcher) {
        Config config;
        boolean sameAsSuggested;
        Path params = folder.resolve(JsonLoggerCallback.PARAMS_FILE);
        try {
            byte[] onDisk = Files.readAllBytes(params);
            sameAsSuggested = suggested != null && JsonLoggerCallback.isParamsOf(onDisk, suggested);
            config = sameAsSuggested ? suggested : JsonLoggerCallback.readParams(folder);
            if (sameAsSuggested && !Arrays.equals(onDisk, JsonLoggerCallback.paramsJson(suggested))) {
                LOG.get().info("completing {}: a kill cut short the config of trial {}, which the resumed searcher suggests again", params, id);
                JsonLoggerCallback.writeParams(folder, suggested);
            }
        } catch (IOException e) {
            throw new TuneException("cannot read or complete " + params + " to continue the trial begun there: " + e.getMessage(), e);
        }
        if (!sameAsSuggested) {
            if (suggested != null) {
                searcher.onTrialComplete(id, null, true);
            }
            searcher.ignore(id);
            LOG.get().warn("trial folder {} holds a config the resumed searcher does not suggest again; the trial is kept and continued, and the searcher does not learn from it", folder);
        }
        String tag = TrialNames.experimentTag(index, sameAsSuggested ? suggested : config, tagPaths);
        Trial trial = newTrial(id, index, folder.getFileName().toString(), tag, sameAsSuggested ? suggested : config, histories);
        List<Result> logged = JsonLoggerCallback.readResults(folder);
        trackWrittenLater(trial, logged, lastIteration(logged));
        LOG.get().info("adopting {}: trial {} begun after the last snapshot of experiment {}, with {} result(s) and {} checkpoint(s) on disk",
                folder, id, spec.name(), logged.size(), trial.checkpoints().all().size());
        if (!finishedOnDisk(trial, logged, 0, null, searcher)) {
            trial.restore(TrialStatus.PENDING, 0, null, logged);
            continueFromLatest(trial);
            trial.history().forEach(r -> searcher.onTrialResult(id, r));
        }
        return trial;
    }

    /** The folders of this experiment's trials the state does not list, by index; those that cannot be adopted are deleted. */
    private SortedMap<Integer, Path> laterTrialFolders() {
        String prefix = TrialNames.namePrefix(state.runner().trainable(), state.runner().trialIdPrefix());
        Set<String> known = new HashSet<>();
        state.trials().forEach(t -> known.add(t.name()));
        SortedMap<Integer, Path> later = new TreeMap<>();
        for (Path folder : folders(spec.experimentDir())) {
            String name = folder.getFileName().toString();
            if (!name.startsWith(prefix) || known.contains(name)) {
                continue;
            }
            requireNoLinkOut(folder, "the trial begun after the last snapshot in " + name);
            int index = TrialNames.indexIn(name, prefix);
            if (index >= state.trials().size() && !later.containsKey(index) && Files.isRegularFile(folder.resolve(JsonLoggerCallback.PARAMS_FILE))) {
                later.put(index, folder);
            } else {
                LOG.get().info("deleting {}: a trial folder of experiment {} that holds no trial to continue (no params.json, or a trial its state lists elsewhere)", folder, spec.name());
                delete(folder);
            }
        }
        return later;
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
