package io.jtune.api.spi;

import io.jtune.api.Config;
import io.jtune.api.ResourceRequest;
import io.jtune.api.TrialStatus;
import io.jtune.api.trainable.CheckpointDir;
import java.util.Collection;
import java.util.List;

/**
 * What a {@link TrialScheduler} may see and do of the runner (Ray Tune passes the runner itself).
 * Call it only from within a scheduler's methods: the driver's calls, {@linkplain io.jtune.api.spi one at a time}.
 */
public interface RunnerView {

    /** Every trial of the experiment, in the order they were added. */
    List<? extends TrialView> trials();

    /**
     * The trials that are {@code status} now, PENDING or PAUSED, in the order they were added. The
     * runner keeps them apart, so a scheduler choosing the next trial to run does not scan the
     * running and finished ones; this default filters {@link #trials()}.
     *
     * @throws IllegalArgumentException for a status other than PENDING or PAUSED
     */
    default Collection<? extends TrialView> waitingTrials(TrialStatus status) {
        if (status != TrialStatus.PENDING && status != TrialStatus.PAUSED) {
            throw new IllegalArgumentException("waitingTrials takes PENDING or PAUSED, not " + status + "; filter trials() for other statuses");
        }
        return trials().stream().filter(t -> t.status() == status).toList();
    }

    /** Whether the free resources cover the request now. */
    boolean hasResources(ResourceRequest request);

    /**
     * The resources the executor schedules against in total (not only the free ones): the machine's,
     * or the sum of a cluster's live workers.
     */
    ResourceRequest totalResources();

    /**
     * Gives a trial that has not finished a new resource request, used from its next start on: a
     * PENDING or PAUSED trial starts with it, a RUNNING one keeps what it was started with until it
     * is paused and restarted (return PAUSE for the trial whose result is being decided, or call
     * {@link #pauseTrial}); the restarted run restores its checkpoint and reads the new resources
     * from its {@code TrialContext}.
     *
     * @throws IllegalArgumentException when the request could never run on the executor's totals
     * @throws IllegalStateException when the trial has finished
     */
    void changeResources(TrialView trial, ResourceRequest request);

    /** Stops a trial that is not the one whose result is being decided (for that one, return STOP). */
    void stopTrial(TrialView trial);

    /** Pauses a RUNNING trial other than the one being decided: it saves a checkpoint and releases its resources. */
    void pauseTrial(TrialView trial);

    /** Moves a PAUSED trial back to PENDING, so {@link TrialScheduler#chooseTrialToRun} may pick it. */
    void unpauseTrial(TrialView trial);

    /** Saves a checkpoint of a RUNNING or PAUSED trial now (waiting for it) and returns it. */
    CheckpointDir saveCheckpoint(TrialView trial);

    /**
     * PBT's exploit: gives {@code trial} a new config and experiment tag and makes it resume from
     * {@code from} (another trial's checkpoint, copied). The caller returns PAUSE for the trial
     * whose result it is deciding; the trial then restarts from that checkpoint with the new config.
     */
    void exploit(TrialView trial, Config newConfig, String newTag, CheckpointDir from);
}
