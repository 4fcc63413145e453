package io.jtune.engine.checkpoint;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PiecedBytesTest {
    @TempDir
    Path folder;

    @Test
    void anAtomicWriteWritesEveryPieceInOrder() throws IOException {
        SplittableRandom random = new SplittableRandom(7);
        for (int size : new int[] {0, 1, 4095, 4096, 4097, 12_288, 3_000_001}) {
            byte[] bytes = new byte[size];
            random.nextBytes(bytes);
            PiecedBytes pieced = new PiecedBytes();
            int at = 0;
            while (at < size) { // writes of assorted lengths, and single bytes, across the pieces' edges
                int n = Math.min(size - at, random.nextInt(10_000));
                if (n == 0) {
                    pieced.write(bytes[at++]);
                } else {
                    pieced.write(bytes, at, n);
                    at += n;
                }
            }
            Path file = folder.resolve("state-" + size + ".json");
            CheckpointIo.writeAtomicallyNow(file, pieced);
            assertEquals(size, pieced.size());
            assertArrayEquals(bytes, Files.readAllBytes(file), "size " + size);
        }
    }

    @Test
    void piecesGrowWithTheContentUpTo256KbAndAreFilledBeforeTheNext() {
        PiecedBytes pieced = new PiecedBytes();
        byte[] chunk = new byte[1000];
        for (int i = 0; i < 5_000; i++) {
            pieced.write(chunk, 0, chunk.length);
        }
        ByteBuffer[] buffers = pieced.buffers();
        assertEquals(4096, buffers[0].capacity());
        long total = 0;
        for (int i = 0; i < buffers.length; i++) {
            assertTrue(buffers[i].capacity() <= 256 << 10, "piece " + i + " holds " + buffers[i].capacity());
            assertTrue(i == 0 || buffers[i].capacity() >= Math.min(256 << 10, total), "piece " + i + " is smaller than the content before it");
            assertTrue(i == buffers.length - 1 || buffers[i].remaining() == buffers[i].capacity(), "piece " + i + " is not full");
            total += buffers[i].remaining();
        }
        assertEquals(5_000_000, total);
    }
}
