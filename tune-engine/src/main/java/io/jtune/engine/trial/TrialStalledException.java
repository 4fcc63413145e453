package io.jtune.engine.trial;

import io.jtune.api.TuneException;

/** A trial failed because its run posted nothing for longer than the {@link StallLimit}; the message names the trial and what it was doing. */
public final class TrialStalledException extends TuneException {
    private static final long serialVersionUID = 1L;

    public TrialStalledException(String message) {
        super(message);
    }
}
