package io.jtune.api.trainable;

/**
 * Thrown by {@link Session#report} when the driver stops or pauses the trial. A function
 * trainable must let it propagate; the executor catches it. Not an error.
 */
public final class TrialStoppedSignal extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public TrialStoppedSignal(String reason) {
        super(reason, null, false, false);
    }
}
