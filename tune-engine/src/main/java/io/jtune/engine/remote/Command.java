package io.jtune.engine.remote;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.jtune.api.Config;
import io.jtune.api.ResourceRequest;
import io.jtune.api.trainable.CheckpointDir;
import io.jtune.engine.exec.RunAhead;
import io.jtune.engine.exec.TrialLaunch;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What the driver tells a worker (a trial process, or a cluster node): data only, one JSON object
 * each with its kind in {@code "type"} (see {@link WireFormat}). A worker answers with
 * {@link Event}s; commands for one trial are carried out in the order sent.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
    @JsonSubTypes.Type(value = Command.StartTrial.class, name = "start"),
    @JsonSubTypes.Type(value = Command.Continue.class, name = "continue"),
    @JsonSubTypes.Type(value = Command.Save.class, name = "save"),
    @JsonSubTypes.Type(value = Command.Stop.class, name = "stop"),
    @JsonSubTypes.Type(value = Command.Shutdown.class, name = "shutdown")
})
public sealed interface Command {

    /**
     * Starts one run of a trial: make (or, with {@code reuseTrainables}, reset) the trainable, restore
     * {@code restoreFrom} when given, then run the first step; answered by events of {@code runId}
     * and finally {@link Event.RunEnded}.
     *
     * @param trialId the trial's id
     * @param runId unique per start; every event of the run carries it
     * @param trainableClass binary name of the trainable's class (see {@link TrainableClasses}), loaded on the worker
     * @param config the trial's config as plain JSON values (nested maps for nested configs)
     * @param trialDir the trial's folder, a path on the worker's file system; checkpoints are written inside it
     * @param resources what the driver committed for the run
     * @param gpuIds the machine's indices of the GPUs assigned to the run (empty for none)
     * @param restoreFrom a checkpoint folder on the worker's file system to restore before the first step, or null
     * @param startIteration the training iteration the restored state is at (0 for a fresh start)
     * @param reuseTrainables keep a stopped class-API trainable and {@code reset} it for the next run of the same class
     * @param runAhead how far the run may go ahead of the driver's decisions (null: not at all); the worker
     *                 streams each result as it is made; the driver's {@link Continue}s answer them, possibly several at once
     */
    record StartTrial(String trialId, long runId, String trainableClass, Map<String, Object> config, String trialDir,
                      ResourceRequest resources, List<Integer> gpuIds, String restoreFrom, long startIteration,
                      boolean reuseTrainables, RunAhead runAhead) implements Command {

        /** The command that starts {@code launch} with the trainable class named {@code trainableClass}. */
        public static StartTrial of(TrialLaunch launch, String trainableClass, boolean reuseTrainables) {
            CheckpointDir restore = launch.restoreFrom();
            return new StartTrial(launch.trialId(), launch.runId(), trainableClass, launch.config().toMap(), launch.trialDir().toString(),
                    launch.resources(), launch.gpuIds(), restore == null ? null : restore.path().toString(), launch.startIteration(), reuseTrainables,
                    launch.runAhead());
        }

        /** This command with the trial folder and the checkpoint to restore at the worker's own paths. */
        public StartTrial withPaths(String workerTrialDir, String workerRestoreFrom) {
            return new StartTrial(trialId, runId, trainableClass, config, workerTrialDir, resources, gpuIds, workerRestoreFrom, startIteration,
                    reuseTrainables, runAhead);
        }

        /** The launch this command describes, on the worker's side. */
        public TrialLaunch toLaunch() {
            CheckpointDir restore = restoreFrom == null ? null : new CheckpointDir(Path.of(restoreFrom));
            return new TrialLaunch(trialId, runId, Config.of(config), Path.of(trialDir), resources, restore, startIteration,
                    gpuIds == null ? List.of() : gpuIds, runAhead == null ? RunAhead.NONE : runAhead);
        }
    }

    /**
     * The driver has decided on the trial's oldest {@code results} unanswered results (more than one
     * only for a run with a result buffer): take the next step, or, running ahead, count them answered.
     */
    record Continue(String trialId, int results) implements Command {

        public Continue {
            if (results < 1) {
                throw new IllegalArgumentException("a continue for trial " + trialId + " must answer >= 1 results, got " + results);
            }
        }

        /** Answers one result. */
        public Continue(String trialId) {
            this(trialId, 1);
        }
    }

    /**
     * Save a checkpoint into {@code checkpoint_<iteration>} of the trial folder after what the trial
     * does now; answered by {@link Event.Saved}, or {@link Event.Failed} when {@code required} and
     * the trainable cannot save.
     */
    record Save(String trialId, boolean required) implements Command {
    }

    /**
     * End the trial's run once the commands sent before are done; {@code reusable}: its trainable
     * may be handed to the next run through {@code reset}. Unknown or ended trials are ignored.
     */
    record Stop(String trialId, boolean reusable) implements Command {
    }

    /** Stop every run and exit the worker. */
    record Shutdown() implements Command {
    }
}
