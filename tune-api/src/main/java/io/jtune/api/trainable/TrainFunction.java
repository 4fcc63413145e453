package io.jtune.api.trainable;

import io.jtune.api.Config;

/**
 * The function API of a trainable (Ray Tune's function trainable): one call runs the whole
 * training, handing each result to the driver through {@link Session#report}. The function returns
 * when training is over; the runner stops it earlier (a scheduler's STOP or PAUSE) by making
 * {@code report} throw {@link TrialStoppedSignal}, which the function must not swallow.
 */
@FunctionalInterface
public interface TrainFunction {
    void train(Config config, Session session) throws Exception;
}
