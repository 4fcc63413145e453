package io.jtune.engine.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.ResourceRequest;
import io.jtune.engine.exec.RunAhead;
import io.jtune.engine.remote.Command;
import io.jtune.engine.remote.ErrorData;
import io.jtune.engine.remote.Event;
import io.jtune.engine.remote.WireFormat;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The binary framing between driver and worker: what goes in comes out, as JSON would carry it; unreadable frames are named. */
class FramesTest {

    private static byte[] encode(List<?> messages) throws IOException {
        FrameEncoder encoder = new FrameEncoder();
        for (Object m : messages) {
            if (m instanceof Event e) {
                encoder.event(e);
            } else {
                encoder.command((Command) m);
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        encoder.writeTo(out);
        return out.toByteArray();
    }

    private static List<Object> decode(byte[] bytes) throws IOException {
        FrameDecoder decoder = new FrameDecoder(new ByteArrayInputStream(bytes));
        List<Object> out = new ArrayList<>();
        for (Object m = decoder.next(); m != null; m = decoder.next()) {
            out.add(m);
        }
        return out;
    }

    /** What the JSON protocol makes of the message: the types the framing must give too. */
    private static Object viaJson(Object message) {
        return message instanceof Event e ? WireFormat.readEvent(WireFormat.write(e)) : WireFormat.readCommand(WireFormat.write((Command) message));
    }

    @Test
    void everyMessageComesBackAsJsonWouldCarryIt() throws IOException {
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("int", 7);
        metrics.put("small long", 5L);
        metrics.put("long", 1L << 40);
        metrics.put("double", 0.25);
        metrics.put("nan", Double.NaN);
        metrics.put("infinite", Double.NEGATIVE_INFINITY);
        metrics.put("float", 0.1f);
        metrics.put("big", new BigInteger("123456789012345678901234567890"));
        metrics.put("decimal", new BigDecimal("1E+3"));
        metrics.put("short", (short) 3);
        metrics.put("flag", true);
        metrics.put("none", null);
        metrics.put("name", "trial ü ✓");
        metrics.put("long text", "x".repeat(300));
        metrics.put("nested", Map.of("list", List.of(1, "two", List.of(3.5)), "empty", Map.of()));
        List<Object> messages = List.of(
                new Event.Ready(WireFormat.PROTOCOL_VERSION, 4242),
                new Event.Reported("abc_00001", 3, metrics, null, 1234),
                new Event.Reported("abc_00001", 3, Map.of("int", 8), "/tmp/t/checkpoint_000002", 99),
                new Event.Saved("abc_00001", 3, "/tmp/t/checkpoint_000002", 2),
                new Event.Finished("abc_00001", 3),
                new Event.Failed("abc_00001", 3, ErrorData.of(new IllegalStateException("boom"))),
                new Event.RunEnded("abc_00001", 3),
                new Command.StartTrial("abc_00002", 4, "a.B", Map.of("lr", 0.01, "layers", List.of(1, 2)), "/tmp/t2", ResourceRequest.cpus(1),
                        List.of(0), null, 0, true, RunAhead.paced(256, 5_000_000)),
                new Command.Continue("abc_00002", 128),
                new Command.Save("abc_00002", true),
                new Command.Stop("abc_00002", true),
                new Command.Shutdown());

        List<Object> decoded = decode(encode(messages));

        assertEquals(messages.stream().map(FramesTest::viaJson).toList(), decoded);
        Map<String, Object> got = ((Event.Reported) decoded.get(1)).metrics();
        assertEquals(List.copyOf(metrics.keySet()), List.copyOf(got.keySet()), "metrics keep their order");
        assertEquals(Integer.class, got.get("small long").getClass(), "a long that fits an int reads back as JSON reads it");
        assertEquals(0.1, got.get("float"), "a float reads back as the double of its decimal text");
        assertEquals(1000.0, got.get("decimal"));
    }

    @Test
    void namesAreSentOncePerStream() throws IOException {
        Event first = new Event.Reported("abc_00001", 1, Map.of("score", 1.0, "loss", 2.0), null, 10);
        Event second = new Event.Reported("abc_00001", 1, Map.of("score", 3.0, "loss", 4.0), null, 10);
        int one = encode(List.of(first)).length;
        int both = encode(List.of(first, second)).length;
        assertTrue(both - one < one, "the second frame names trial and keys by number: " + (both - one) + " bytes against " + one);
        assertEquals(List.of(first, second), decode(encode(List.of(first, second))));
    }

    @Test
    void outputThatIsNotAFrameIsAStrayLineAndTheFramesAroundItStillRead() throws IOException {
        Event before = new Event.RunEnded("t1", 1);
        Event after = new Event.Finished("t2", 2);
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        stream.write(encode(List.of(before)));
        stream.write("native code says hello\n".getBytes(StandardCharsets.UTF_8));
        stream.write(encode(List.of(after)));
        stream.write("no line end".getBytes(StandardCharsets.UTF_8));

        assertEquals(List.of(before, new FrameDecoder.Stray("native code says hello"), after, new FrameDecoder.Stray("no line end")),
                decode(stream.toByteArray()));
    }

    @Test
    void aFrameCutOffByTheEndOfTheStreamIsNamedAsCutOff() throws IOException {
        byte[] two = encode(List.of(new Event.RunEnded("t1", 1), new Event.Reported("t1", 1, Map.of("score", 1.0), null, 5)));
        int firstLength = encode(List.of(new Event.RunEnded("t1", 1))).length;
        byte[] cut = Arrays.copyOf(two, firstLength + 9);

        FrameDecoder decoder = new FrameDecoder(new ByteArrayInputStream(cut));
        assertEquals(new Event.RunEnded("t1", 1), decoder.next());
        UnreadableFrameException e = assertThrows(UnreadableFrameException.class, decoder::next);
        assertTrue(e.cutOff());
        int payload = two.length - firstLength - 6;
        assertEquals("frame 2 is cut off: the stream ended after 3 of its " + payload + " bytes", e.getMessage());
    }

    @Test
    void aMalformedFrameIsNamedWithWhatIsWrong() throws IOException {
        byte[] unknownKind = {0x00, (byte) 0xA7, 0, 0, 0, 1, 99};
        UnreadableFrameException kind = assertThrows(UnreadableFrameException.class, () -> decode(unknownKind));
        assertFalse(kind.cutOff());
        assertEquals("frame 1 (1 bytes) is malformed: unknown message kind 99", kind.getMessage());

        byte[] hugeLength = {0x00, (byte) 0xA7, 0x7F, 0, 0, 0};
        assertTrue(assertThrows(UnreadableFrameException.class, () -> decode(hugeLength)).getMessage()
                .startsWith("frame 1 is malformed: a length of 2130706432 bytes"));

        byte[] reported = encode(List.of(new Event.Reported("t1", 1, Map.of("score", 1.0), null, 5)));
        byte[] shortened = Arrays.copyOf(reported, reported.length - 3);
        int length = shortened.length - 6;
        shortened[5] = (byte) length; // a frame whose length leaves out the last fields
        assertEquals("frame 1 (" + length + " bytes) is malformed: its fields run past its end",
                assertThrows(UnreadableFrameException.class, () -> decode(shortened)).getMessage());

        byte[] unknownName = {0x00, (byte) 0xA7, 0, 0, 0, 3, (byte) Frames.CONTINUE, 7, 1};
        assertEquals("frame 1 (3 bytes) is malformed: name number 5 was never sent (0 names known)",
                assertThrows(UnreadableFrameException.class, () -> decode(unknownName)).getMessage());
    }

    @Test
    void aValueThatIsNotPlainIsRefusedAndLeavesTheStreamWhole() throws IOException {
        FrameEncoder encoder = new FrameEncoder();
        encoder.event(new Event.RunEnded("t1", 1));
        Event odd = new Event.Reported("t1", 1, Map.of("fresh name", new Object()), null, 1);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> encoder.event(odd));
        assertTrue(e.getMessage().startsWith("cannot frame a java.lang.Object"), e.getMessage());
        encoder.event(new Event.Reported("t1", 1, Map.of("fresh name", 2), null, 1));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        encoder.writeTo(out);
        assertEquals(List.of(new Event.RunEnded("t1", 1), new Event.Reported("t1", 1, Map.of("fresh name", 2), null, 1)), decode(out.toByteArray()));
    }

    @Test
    void framesAreWrittenWholeInWritesAPipeKeepsAtomic() throws IOException {
        List<Object> events = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            events.add(new Event.Reported("t1", 1, Map.of("step", i, "note", "n" + i), null, i));
        }
        events.add(new Event.Reported("t1", 1, Map.of("big", "y".repeat(10_000)), null, 1));
        FrameEncoder encoder = new FrameEncoder();
        events.forEach(e -> encoder.event((Event) e));
        List<byte[]> writes = new ArrayList<>();
        encoder.writeTo(new OutputStream() {
            @Override
            public void write(int b) {
                throw new AssertionError("byte-wise write");
            }

            @Override
            public void write(byte[] b, int off, int len) {
                writes.add(Arrays.copyOfRange(b, off, off + len));
            }
        });

        assertTrue(writes.size() > 2, "more than one write: " + writes.size());
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        int frames = 0;
        for (byte[] w : writes) {
            assertTrue(w.length <= Frames.ATOMIC_WRITE || writes.indexOf(w) == writes.size() - 1, "a write of " + w.length + " bytes");
            frames += wholeFrames(w);
            all.write(w);
        }
        assertEquals(events.size(), frames, "every write holds whole frames");
        assertEquals(events, decode(all.toByteArray()));
        assertEquals(0, encoder.buffered(), "the buffer is empty after writing");
    }

    /** How many frames the write holds; it must start and end at a frame's bounds. */
    private static int wholeFrames(byte[] write) {
        int frames = 0;
        int pos = 0;
        while (pos < write.length) {
            assertEquals(0x00, write[pos] & 0xFF, "a frame starts at " + pos);
            assertEquals(0xA7, write[pos + 1] & 0xFF);
            int length = (write[pos + 2] & 0xFF) << 24 | (write[pos + 3] & 0xFF) << 16 | (write[pos + 4] & 0xFF) << 8 | write[pos + 5] & 0xFF;
            pos += 6 + length;
            frames++;
        }
        assertEquals(write.length, pos, "the write ends at a frame's end");
        return frames;
    }
}
