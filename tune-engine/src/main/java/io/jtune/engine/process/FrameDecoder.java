package io.jtune.engine.process;

import io.jtune.engine.remote.Command;
import io.jtune.engine.remote.Event;
import io.jtune.engine.remote.WireFormat;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the {@link Frames} of one stream: {@link Command}s, {@link Event}s, and {@link Stray} lines
 * of output that are not frames. One decoder per stream, used by one thread; it keeps the stream's
 * numbered names.
 */
final class FrameDecoder {
    private static final int BUFFER = 1 << 16;

    /** Output on the stream that is not a frame, up to its line end (without it). */
    record Stray(String line) {
    }

    private final InputStream in;
    private final List<String> names = new ArrayList<>();
    private byte[] frame = new byte[BUFFER];
    private long framesRead;

    FrameDecoder(InputStream in) {
        this.in = new BufferedInputStream(in, BUFFER);
    }

    /**
     * The next message: a {@link Command}, an {@link Event} or a {@link Stray} line; null at the end
     * of the stream.
     *
     * @throws UnreadableFrameException when a frame is cut off by the end of the stream or malformed
     */
    Object next() throws IOException {
        int b0 = in.read();
        if (b0 < 0) {
            return null;
        }
        if (b0 != Frames.MAGIC0) {
            return stray(b0);
        }
        int b1 = in.read();
        if (b1 != Frames.MAGIC1) {
            return b1 < 0 ? stray(b0) : stray(b0, b1);
        }
        long number = ++framesRead;
        int length = 0;
        for (int i = 0; i < 4; i++) {
            int b = in.read();
            if (b < 0) {
                throw new UnreadableFrameException("frame " + number + " is cut off: the stream ended inside its length", true, null);
            }
            length = length << 8 | b;
        }
        if (length < 1 || length > Frames.MAX_PAYLOAD) {
            throw new UnreadableFrameException("frame " + number + " is malformed: a length of " + length + " bytes (1 to " + Frames.MAX_PAYLOAD + ")", false, null);
        }
        if (frame.length < length) {
            frame = new byte[length];
        }
        int read = in.readNBytes(frame, 0, length);
        if (read < length) {
            throw new UnreadableFrameException("frame " + number + " is cut off: the stream ended after " + read + " of its " + length + " bytes", true, null);
        }
        ByteBuffer payload = ByteBuffer.wrap(frame, 0, length);
        int namesBefore = names.size();
        try {
            Object message = message(payload);
            if (payload.hasRemaining()) {
                throw new IllegalArgumentException(payload.remaining() + " bytes after the message's fields");
            }
            return message;
        } catch (RuntimeException e) {
            names.subList(namesBefore, names.size()).clear();
            throw new UnreadableFrameException("frame " + number + " (" + length + " bytes) is malformed: " + describe(e), false, e);
        }
    }

    private static String describe(RuntimeException e) {
        if (e instanceof BufferUnderflowException) {
            return "its fields run past its end";
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }

    /** The stray line that starts with these bytes (it may end among them). */
    private Stray stray(int... first) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b : first) {
            if (b == '\n') {
                return new Stray(line.toString(StandardCharsets.UTF_8));
            }
            line.write(b);
        }
        for (int b = in.read(); b >= 0 && b != '\n'; b = in.read()) {
            line.write(b);
        }
        return new Stray(line.toString(StandardCharsets.UTF_8));
    }

    private Object message(ByteBuffer p) {
        int kind = p.get() & 0xFF;
        return switch (kind) {
            case Frames.REPORTED -> new Event.Reported(name(p), p.getLong(), map(p), (String) value(p), p.getLong());
            case Frames.CONTINUE -> new Command.Continue(name(p), varint(p));
            case Frames.RUN_ENDED -> new Event.RunEnded(name(p), p.getLong());
            case Frames.FINISHED -> new Event.Finished(name(p), p.getLong());
            case Frames.STOP -> new Command.Stop(name(p), p.get() != 0);
            case Frames.SHUTDOWN -> new Command.Shutdown();
            case Frames.READY -> new Event.Ready(p.getInt(), p.getLong());
            case Frames.EVENT_JSON -> WireFormat.readEvent(text(p));
            case Frames.COMMAND_JSON -> WireFormat.readCommand(text(p));
            default -> throw new IllegalArgumentException("unknown message kind " + kind);
        };
    }

    private Map<String, Object> map(ByteBuffer p) {
        int n = varint(p);
        Map<String, Object> map = new LinkedHashMap<>(Math.min(n, 1 << 10) * 2);
        for (int i = 0; i < n; i++) {
            map.put(name(p), value(p));
        }
        return map;
    }

    private Object value(ByteBuffer p) {
        int tag = p.get() & 0xFF;
        return switch (tag) {
            case Frames.NULL -> null;
            case Frames.FALSE -> Boolean.FALSE;
            case Frames.TRUE -> Boolean.TRUE;
            case Frames.INT -> p.getInt();
            case Frames.LONG -> p.getLong();
            case Frames.DOUBLE -> Double.longBitsToDouble(p.getLong());
            case Frames.STRING -> name(p);
            case Frames.NUMBER_TEXT -> number(text(p));
            case Frames.MAP -> map(p);
            case Frames.LIST -> {
                int n = varint(p);
                List<Object> list = new ArrayList<>(Math.min(n, 1 << 10));
                for (int i = 0; i < n; i++) {
                    list.add(value(p));
                }
                yield list;
            }
            default -> throw new IllegalArgumentException("unknown value tag " + tag);
        };
    }

    /** A number's text read as JSON reads it: an integer as Integer, Long or BigInteger by size, anything else as Double. */
    private static Number number(String text) {
        if (text.chars().allMatch(c -> c == '-' || c >= '0' && c <= '9') && !text.isEmpty()) {
            BigInteger big = new BigInteger(text);
            if (big.bitLength() < 32) {
                return big.intValue();
            }
            return big.bitLength() < 64 ? (Number) big.longValue() : big;
        }
        return Double.parseDouble(text);
    }

    private String name(ByteBuffer p) {
        int code = varint(p);
        if (code == Frames.NAME_INLINE) {
            return text(p);
        }
        if (code == Frames.NAME_NEW) {
            String name = text(p);
            names.add(name);
            return name;
        }
        int index = code - Frames.NAME_KNOWN;
        if (index >= names.size()) {
            throw new IllegalArgumentException("name number " + index + " was never sent (" + names.size() + " names known)");
        }
        return names.get(index);
    }

    private static String text(ByteBuffer p) {
        int length = varint(p);
        if (length > p.remaining()) {
            throw new IllegalArgumentException("a text of " + length + " bytes runs past the frame's end");
        }
        String s = new String(p.array(), p.position(), length, StandardCharsets.UTF_8);
        p.position(p.position() + length);
        return s;
    }

    private static int varint(ByteBuffer p) {
        int v = 0;
        for (int shift = 0; shift < 32; shift += 7) {
            byte b = p.get();
            v |= (b & 0x7F) << shift;
            if (b >= 0) {
                if (v < 0) {
                    throw new IllegalArgumentException("a negative count " + v);
                }
                return v;
            }
        }
        throw new IllegalArgumentException("a count longer than 5 bytes");
    }
}
