package example.models;

import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.spi.RunnerView;
import io.jtune.api.spi.TrialScheduler;
import io.jtune.api.spi.TrialView;

/** A scheduler of a user's own: runs trials in order and stops each after {@code patience} results (0: never). */
public class PatientScheduler implements TrialScheduler {
    private final int patience;

    public PatientScheduler(int patience) {
        this.patience = patience;
    }

    public int patience() {
        return patience;
    }

    @Override
    public Decision onTrialResult(RunnerView runner, TrialView trial, Result result) {
        return patience > 0 && result.trainingIteration() >= patience ? Decision.STOP : Decision.CONTINUE;
    }

    @Override
    public TrialView chooseTrialToRun(RunnerView runner) {
        return runner.trials().stream().filter(t -> t.status() == TrialStatus.PENDING && runner.hasResources(t.resources())).findFirst().orElse(null);
    }
}
