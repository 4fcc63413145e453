package io.jtune.cluster.transfer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.cluster.wire.CheckpointRef;
import io.jtune.cluster.wire.Chunk;
import io.jtune.cluster.wire.ChunkAck;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A folder streamed in chunks arrives whole, or not at all when the stream is cut or changed. */
class FolderTransferTest {
    @TempDir
    Path dir;

    private Path sample() throws IOException {
        Path folder = dir.resolve("checkpoint_000003");
        Files.createDirectories(folder.resolve("nested"));
        byte[] big = new byte[FolderSender.CHUNK_BYTES * 3 + 17];
        for (int i = 0; i < big.length; i++) {
            big[i] = (byte) (i * 31);
        }
        Files.write(folder.resolve("model.bin"), big);
        Files.writeString(folder.resolve("nested/state.json"), "{\"iteration\":3}");
        Files.write(folder.resolve("empty"), new byte[0]);
        return folder;
    }

    /** Sends the whole folder, acknowledging every chunk at once, and returns the chunks. */
    private static List<Chunk> sendAll(FolderSender sender, List<Chunk> out) {
        sender.sendMore();
        for (int i = 0; i < out.size(); i++) {
            sender.onAck(new ChunkAck(sender.transferId(), out.get(i).seq()));
        }
        return out;
    }

    @Test
    void aFolderArrivesWholeWithAWindowOfChunksInFlight() throws IOException {
        Path folder = sample();
        List<Chunk> chunks = new ArrayList<>();
        FolderSender sender = new FolderSender("t1", 3, folder, chunks::add, null);
        sender.sendMore();
        assertEquals(6, chunks.size(), "4 chunks of model.bin, 1 of empty, 1 of nested/state.json: fewer than the window");
        sendAll(sender, chunks);
        assertTrue(sender.isDone());
        CheckpointRef ref = sender.reference();

        FolderReceiver receiver = new FolderReceiver("t1", dir.resolve(".incoming/t1"));
        for (Chunk c : chunks) {
            receiver.write(c);
        }
        Path target = receiver.finish(ref, dir.resolve("trial/checkpoint_000003"));
        assertArrayEquals(Files.readAllBytes(folder.resolve("model.bin")), Files.readAllBytes(target.resolve("model.bin")));
        assertEquals("{\"iteration\":3}", Files.readString(target.resolve("nested/state.json")));
        assertEquals(0, Files.size(target.resolve("empty")));
        assertFalse(Files.exists(dir.resolve(".incoming/t1")));
    }

    @Test
    void aCutStreamIsRefusedAndLeavesNothingBehind() throws IOException {
        List<Chunk> all = new ArrayList<>();
        FolderSender sender = new FolderSender("t2", 3, sample(), all::add, null);
        sendAll(sender, all);
        FolderReceiver receiver = new FolderReceiver("t2", dir.resolve(".incoming/t2"));
        for (Chunk c : all.subList(0, all.size() - 1)) {
            receiver.write(c);
        }
        IOException e = assertThrows(IOException.class, () -> receiver.finish(sender.reference(), dir.resolve("trial/checkpoint_000003")));
        assertTrue(e.getMessage().contains("checkpoint transfer t2 arrived incomplete or damaged"), e.getMessage());
        assertFalse(Files.exists(dir.resolve("trial/checkpoint_000003")));
        assertFalse(Files.exists(dir.resolve(".incoming/t2")));
    }

    @Test
    void aMissingChunkOrAPathLeavingTheFolderIsRefusedAtOnce() throws IOException {
        List<Chunk> all = new ArrayList<>();
        sendAll(new FolderSender("t3", 3, sample(), all::add, null), all);
        FolderReceiver receiver = new FolderReceiver("t3", dir.resolve(".incoming/t3"));
        IOException gap = assertThrows(IOException.class, () -> receiver.write(all.get(1)));
        assertTrue(gap.getMessage().contains("got chunk 1 where 0 was due"), gap.getMessage());

        FolderReceiver other = new FolderReceiver("t4", dir.resolve(".incoming/t4"));
        IOException escape = assertThrows(IOException.class, () -> other.write(new Chunk("t4", 0, "../../evil", new byte[1], null)));
        assertTrue(escape.getMessage().contains("outside its folder"), escape.getMessage());
    }
}
