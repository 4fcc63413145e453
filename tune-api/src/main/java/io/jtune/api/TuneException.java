package io.jtune.api;

/** An error in how an experiment is set up or run, as opposed to an error raised by a trainable. */
public class TuneException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public TuneException(String message) {
        super(message);
    }

    public TuneException(String message, Throwable cause) {
        super(message, cause);
    }
}
