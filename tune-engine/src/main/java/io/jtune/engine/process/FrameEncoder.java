package io.jtune.engine.process;

import io.jtune.engine.remote.Command;
import io.jtune.engine.remote.Event;
import io.jtune.engine.remote.WireFormat;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes messages as {@link Frames} into a buffer, then the buffer to one stream in writes of whole
 * frames. One encoder per stream, used by one thread at a time: it numbers the names it has sent.
 */
final class FrameEncoder {
    private byte[] buf = new byte[8192];
    private int pos;
    /** Where each buffered frame ends. */
    private int[] ends = new int[64];
    private int frames;
    private final Map<String, Integer> names = new HashMap<>();

    /** Appends a command's frame. */
    void command(Command command) {
        frame(() -> commandFields(command));
    }

    private void commandFields(Command command) {
        if (command instanceof Command.Continue c) {
            byte1(Frames.CONTINUE);
            name(c.trialId());
            varint(c.results());
        } else if (command instanceof Command.Stop s) {
            byte1(Frames.STOP);
            name(s.trialId());
            byte1(s.reusable() ? 1 : 0);
        } else if (command instanceof Command.Shutdown) {
            byte1(Frames.SHUTDOWN);
        } else {
            byte1(Frames.COMMAND_JSON);
            text(WireFormat.write(command));
        }
    }

    /** Appends an event's frame. */
    void event(Event event) {
        frame(() -> eventFields(event));
    }

    /** Appends one frame with the fields {@code fields} writes; one that cannot be written whole leaves no trace. */
    private void frame(Runnable fields) {
        int start = begin();
        int namesBefore = names.size();
        try {
            fields.run();
        } catch (RuntimeException e) {
            undo(start, namesBefore);
            throw e;
        }
        end(start);
    }

    /** Forgets a frame that could not be written whole, and the names it numbered. */
    private void undo(int start, int namesBefore) {
        pos = start - 6;
        names.values().removeIf(n -> n >= namesBefore);
    }

    private void eventFields(Event event) {
        if (event instanceof Event.Reported r) {
            byte1(Frames.REPORTED);
            name(r.trialId());
            long8(r.runId());
            map(r.metrics());
            value(r.checkpoint());
            long8(r.stepNanos());
        } else if (event instanceof Event.RunEnded e) {
            ofRun(Frames.RUN_ENDED, e.trialId(), e.runId());
        } else if (event instanceof Event.Finished f) {
            ofRun(Frames.FINISHED, f.trialId(), f.runId());
        } else if (event instanceof Event.Ready r) {
            byte1(Frames.READY);
            int4(r.protocolVersion());
            long8(r.pid());
        } else {
            byte1(Frames.EVENT_JSON);
            text(WireFormat.write(event));
        }
    }

    /** A message that names only its run. */
    private void ofRun(int kind, String trialId, long runId) {
        byte1(kind);
        name(trialId);
        long8(runId);
    }

    /** Bytes buffered and not written yet. */
    int buffered() {
        return pos;
    }

    /**
     * Writes the buffered frames and flushes: at most {@link Frames#ATOMIC_WRITE} bytes of whole
     * frames a write (a larger frame alone), so no other writer's output lands inside a frame.
     * The buffer is empty afterwards, also when writing fails.
     */
    void writeTo(OutputStream out) throws IOException {
        try {
            int from = 0;
            int frame = 0;
            while (from < pos) {
                int to = ends[frame++];
                while (frame < frames && ends[frame] - from <= Frames.ATOMIC_WRITE) {
                    to = ends[frame++];
                }
                out.write(buf, from, to - from);
                from = to;
            }
            out.flush();
        } finally {
            pos = 0;
            frames = 0;
        }
    }

    private int begin() {
        ensure(6);
        buf[pos++] = (byte) Frames.MAGIC0;
        buf[pos++] = (byte) Frames.MAGIC1;
        pos += 4; // the length, filled in by end
        return pos;
    }

    private void end(int start) {
        int length = pos - start;
        buf[start - 4] = (byte) (length >>> 24);
        buf[start - 3] = (byte) (length >>> 16);
        buf[start - 2] = (byte) (length >>> 8);
        buf[start - 1] = (byte) length;
        if (frames == ends.length) {
            ends = Arrays.copyOf(ends, frames * 2);
        }
        ends[frames++] = pos;
    }

    private void map(Map<String, ?> map) {
        varint(map.size());
        for (Map.Entry<String, ?> e : map.entrySet()) {
            name(e.getKey());
            value(e.getValue());
        }
    }

    /** A plain value ({@link WireFormat#plain}): null, Boolean, Number, String, Map or List. */
    private void value(Object v) {
        if (v == null) {
            byte1(Frames.NULL);
        } else if (v instanceof Boolean b) {
            byte1(b ? Frames.TRUE : Frames.FALSE);
        } else if (v instanceof Integer || v instanceof Short || v instanceof Byte) {
            byte1(Frames.INT);
            int4(((Number) v).intValue());
        } else if (v instanceof Long l) {
            if (l == l.intValue()) {
                byte1(Frames.INT);
                int4(l.intValue());
            } else {
                byte1(Frames.LONG);
                long8(l);
            }
        } else if (v instanceof Double d) {
            byte1(Frames.DOUBLE);
            long8(Double.doubleToRawLongBits(d));
        } else if (v instanceof Float f) {
            // as JSON carries it: the float's shortest decimal text, read back as a double
            byte1(Frames.DOUBLE);
            long8(Double.doubleToRawLongBits(Double.parseDouble(f.toString())));
        } else if (v instanceof Number n) {
            byte1(Frames.NUMBER_TEXT);
            text(n instanceof BigDecimal b ? b.toString() : n.toString());
        } else if (v instanceof String s) {
            byte1(Frames.STRING);
            name(s);
        } else if (v instanceof Map<?, ?> m) {
            byte1(Frames.MAP);
            @SuppressWarnings("unchecked")
            Map<String, ?> strings = (Map<String, ?>) m;
            map(strings);
        } else if (v instanceof List<?> list) {
            byte1(Frames.LIST);
            varint(list.size());
            list.forEach(this::value);
        } else {
            throw new IllegalArgumentException("cannot frame a " + v.getClass().getName() + " (" + v + "): results carry plain values only");
        }
    }

    private void name(String s) {
        Integer known = s.length() <= Frames.MAX_NAME_LENGTH ? names.get(s) : null;
        if (known != null) {
            varint(Frames.NAME_KNOWN + known);
        } else if (s.length() <= Frames.MAX_NAME_LENGTH && names.size() < Frames.MAX_NAMES) {
            varint(Frames.NAME_NEW);
            names.put(s, names.size());
            text(s);
        } else {
            varint(Frames.NAME_INLINE);
            text(s);
        }
    }

    private void text(String s) {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        varint(bytes.length);
        ensure(bytes.length);
        System.arraycopy(bytes, 0, buf, pos, bytes.length);
        pos += bytes.length;
    }

    private void varint(int v) {
        ensure(5);
        while ((v & ~0x7F) != 0) {
            buf[pos++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        buf[pos++] = (byte) v;
    }

    private void byte1(int b) {
        ensure(1);
        buf[pos++] = (byte) b;
    }

    private void int4(int v) {
        ensure(4);
        buf[pos++] = (byte) (v >>> 24);
        buf[pos++] = (byte) (v >>> 16);
        buf[pos++] = (byte) (v >>> 8);
        buf[pos++] = (byte) v;
    }

    private void long8(long v) {
        int4((int) (v >>> 32));
        int4((int) v);
    }

    private void ensure(int more) {
        if (pos + more > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, pos + more));
        }
    }
}
