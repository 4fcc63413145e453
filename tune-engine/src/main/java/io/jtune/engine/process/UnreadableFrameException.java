package io.jtune.engine.process;

import java.io.IOException;

/**
 * A worker's stream held a frame that cannot be read: cut off by the end of the stream (the worker
 * died while writing it) or malformed (a bad length, an unknown kind, fields that do not parse).
 * The message says which frame and what is wrong with it.
 */
final class UnreadableFrameException extends IOException {
    private static final long serialVersionUID = 1L;

    private final boolean cutOff;

    UnreadableFrameException(String message, boolean cutOff, Throwable cause) {
        super(message, cause);
        this.cutOff = cutOff;
    }

    /** True when the stream ended inside the frame; false when the frame is malformed and the stream goes on. */
    boolean cutOff() {
        return cutOff;
    }
}
