package io.jtune.cluster.transfer;

import io.jtune.cluster.node.Sha256;
import io.jtune.cluster.wire.CheckpointRef;
import io.jtune.cluster.wire.Chunk;
import io.jtune.cluster.wire.ChunkAck;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Iterator;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.apache.pekko.actor.typed.ActorRef;
/**
 * Streams a folder as {@link Chunk}s of at most {@value #CHUNK_BYTES} bytes, at most
 * {@value #WINDOW} unacknowledged at a time. Used inside one actor: {@link #sendMore()} after
 * creation and after each {@link #onAck}; {@link #isDone()} once every chunk is acknowledged,
 * then {@link #reference()} describes what was sent.
 */
public final class FolderSender {
    /** Below Pekko's 256 KiB frame limit with room for the envelope. */
    public static final int CHUNK_BYTES = 192 * 1024;
    static final int WINDOW = 16;

    private final String transferId;
    private final long iteration;
    private final Path folder;
    private final Consumer<Chunk> out;
    private final ActorRef<ChunkAck> ackTo;
    private final Iterator<Path> files;
    private final MessageDigest digest = Sha256.newDigest();
    private Path current;
    private InputStream in;
    private long sent;
    private long acked;
    private long bytes;
    private boolean exhausted;

    /** {@code out} delivers a chunk to the receiver. */
    public FolderSender(String transferId, long iteration, Path folder, Consumer<Chunk> out, ActorRef<ChunkAck> ackTo) {
        this.transferId = transferId;
        this.iteration = iteration;
        this.folder = folder;
        this.out = out;
        this.ackTo = ackTo;
        this.files = listFiles(folder).iterator();
    }

    public String transferId() {
        return transferId;
    }

    /** Sends chunks until the window is full or the folder is sent. */
    public void sendMore() {
        try {
            while (!exhausted && sent - acked < WINDOW) {
                Chunk chunk = nextChunk();
                if (chunk == null) {
                    exhausted = true;
                    return;
                }
                out.accept(chunk);
                sent++;
            }
        } catch (IOException e) {
            close();
            throw new UncheckedIOException("cannot read checkpoint file " + current + " to send it: " + e.getMessage(), e);
        }
    }

    public void onAck(ChunkAck ack) {
        acked = Math.max(acked, ack.seq() + 1);
        sendMore();
    }

    public boolean isDone() {
        return exhausted && acked == sent;
    }

    /** What was sent, for the message that follows the chunks. */
    public CheckpointRef reference() {
        return new CheckpointRef(transferId, iteration, sent, bytes, Sha256.hex(digest));
    }

    /** Lets go of an open file (a transfer abandoned midway). */
    public void close() {
        if (in != null) {
            try {
                in.close();
            } catch (IOException ignored) {
                // nothing more is read from it
            }
            in = null;
        }
    }

    private Chunk nextChunk() throws IOException {
        while (true) {
            if (in == null) {
                if (!files.hasNext()) {
                    return null;
                }
                current = files.next();
                in = Files.newInputStream(current);
                String path = relative(current);
                byte[] first = in.readNBytes(CHUNK_BYTES);
                // every file sends at least one chunk, so empty files arrive too
                return chunk(path, first);
            }
            byte[] data = in.readNBytes(CHUNK_BYTES);
            if (data.length > 0) {
                return chunk(relative(current), data);
            }
            in.close();
            in = null;
        }
    }

    private Chunk chunk(String path, byte[] data) {
        digest.update(path.getBytes(StandardCharsets.UTF_8));
        digest.update(data);
        bytes += data.length;
        return new Chunk(transferId, sent, path, data, ackTo);
    }

    private String relative(Path file) {
        return folder.relativize(file).toString().replace(java.io.File.separatorChar, '/');
    }

    private static List<Path> listFiles(Path folder) {
        try (Stream<Path> walk = Files.walk(folder)) {
            return walk.filter(Files::isRegularFile).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the checkpoint folder " + folder + ": " + e.getMessage(), e);
        }
    }
}
