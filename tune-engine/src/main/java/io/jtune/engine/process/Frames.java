package io.jtune.engine.process;

/**
 * The framing between the driver and a worker JVM over its stdin and stdout: binary,
 * length-prefixed frames, one message each, never Java serialization. A frame is
 * {@code 0x00 0xA7}, the payload's length (4 bytes, big-endian) and the payload: a kind byte and
 * the message's fields. The messages of every result ({@code reported}, {@code continue}) and of
 * every trial's start and end ({@code stop}, {@code ended}) are binary; the rare ones with richer
 * fields ({@code start}, {@code save}, {@code saved}, {@code failed}) carry their
 * {@link io.jtune.engine.remote.WireFormat} JSON text as the payload.
 *
 * <p>Strings of names (trial ids, metric keys, short values) are sent once per stream and then by
 * number, so a result of known keys is a few bytes per metric and decodes without building strings.
 * Numbers read back with the types JSON gives them ({@code Integer}, {@code Long} or
 * {@code BigInteger} for integers, {@code Double} for the rest), so results are the same as with
 * the JSON protocol. A stream that does not start a frame with the magic bytes is stray output
 * (native code writing to file descriptor 1) up to the next line end; the worker writes at most
 * {@value #ATOMIC_WRITE} bytes of whole frames at a time, which a pipe never interleaves with
 * other writers' output.
 */
final class Frames {
    static final int MAGIC0 = 0x00;
    static final int MAGIC1 = 0xA7;
    /** The largest payload a reader accepts; a longer length is a malformed frame. */
    static final int MAX_PAYLOAD = 64 << 20;
    /** Pipe writes up to this size (Linux's PIPE_BUF) are atomic. */
    static final int ATOMIC_WRITE = 4096;
    /** How many names one stream numbers; later names go inline. */
    static final int MAX_NAMES = 4096;
    /** Strings longer than this are never numbered. */
    static final int MAX_NAME_LENGTH = 64;

    // message kinds
    static final int READY = 1;
    static final int REPORTED = 2;
    static final int FINISHED = 3;
    static final int RUN_ENDED = 4;
    static final int EVENT_JSON = 5;
    static final int CONTINUE = 16;
    static final int STOP = 17;
    static final int SHUTDOWN = 18;
    static final int COMMAND_JSON = 19;

    // value tags
    static final int NULL = 0;
    static final int FALSE = 1;
    static final int TRUE = 2;
    static final int INT = 3;
    static final int LONG = 4;
    static final int DOUBLE = 5;
    static final int STRING = 6;
    /** A number as the text JSON would carry (BigInteger, BigDecimal, other Number types). */
    static final int NUMBER_TEXT = 7;
    static final int LIST = 8;
    static final int MAP = 9;

    // name codes: 0 inline (not numbered), 1 a new numbered name, n >= 2 the name numbered n - 2
    static final int NAME_INLINE = 0;
    static final int NAME_NEW = 1;
    static final int NAME_KNOWN = 2;

    private Frames() {
    }
}
