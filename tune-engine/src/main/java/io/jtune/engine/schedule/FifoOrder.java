package io.jtune.engine.schedule;

import io.jtune.api.TrialStatus;
import io.jtune.api.spi.RunnerView;
import io.jtune.api.spi.TrialView;

/** Ray Tune's FIFO choice: the first PENDING trial whose resources fit, else the first such PAUSED one. */
final class FifoOrder {
    private FifoOrder() {
    }

    static TrialView next(RunnerView runner) {
        TrialView paused = null;
        for (TrialView trial : runner.trials()) {
            TrialStatus status = trial.status();
            if (status == TrialStatus.PENDING && runner.hasResources(trial.resources())) {
                return trial;
            }
            if (paused == null && status == TrialStatus.PAUSED && runner.hasResources(trial.resources())) {
                paused = trial;
            }
        }
        return paused;
    }
}
