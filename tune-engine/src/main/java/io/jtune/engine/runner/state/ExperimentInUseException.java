package io.jtune.engine.runner.state;

import io.jtune.api.TuneException;

/** Another run holds the experiment folder's lock; thrown before anything of this run is written or started. */
public final class ExperimentInUseException extends TuneException {
    private static final long serialVersionUID = 1L;

    ExperimentInUseException(String message) {
        super(message);
    }
}
