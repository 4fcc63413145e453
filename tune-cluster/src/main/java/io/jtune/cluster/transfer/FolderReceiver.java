package io.jtune.cluster.transfer;

import io.jtune.cluster.node.Sha256;
import io.jtune.cluster.wire.CheckpointRef;
import io.jtune.cluster.wire.Chunk;
import io.jtune.engine.checkpoint.CheckpointFolders;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
/**
 * Writes one streamed folder into a staging folder, checks it against the sender's
 * {@link CheckpointRef} and moves it into place. A path leaving the staging folder, a chunk out
 * of order, a count or digest that does not match: the transfer fails and its staging folder is
 * deleted, so a cut stream never leaves a half checkpoint behind.
 */
public final class FolderReceiver {
    private final String transferId;
    private final Path staging;
    private final MessageDigest digest = Sha256.newDigest();
    private long received;
    private long bytes;
    private String openPath;
    private OutputStream out;

    public FolderReceiver(String transferId, Path staging) throws IOException {
        this.transferId = transferId;
        this.staging = staging.toAbsolutePath().normalize();
        CheckpointFolders.prepareEmpty(this.staging);
    }

    /** Appends the chunk to its file. */
    public void write(Chunk chunk) throws IOException {
        if (chunk.seq() != received) {
            throw new IOException("checkpoint transfer " + transferId + " got chunk " + chunk.seq() + " where " + received + " was due (the stream was cut)");
        }
        if (!chunk.path().equals(openPath)) {
            closeFile();
            Path file = staging.resolve(chunk.path()).normalize();
            if (!file.startsWith(staging) || file.equals(staging)) {
                throw new IOException("checkpoint transfer " + transferId + " names the path '" + chunk.path() + "' outside its folder");
            }
            Files.createDirectories(file.getParent());
            out = Files.newOutputStream(file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE);
            openPath = chunk.path();
        }
        out.write(chunk.data());
        digest.update(chunk.path().getBytes(StandardCharsets.UTF_8));
        digest.update(chunk.data());
        received++;
        bytes += chunk.data().length;
    }

    /**
     * Checks the whole transfer against {@code ref} and moves it to {@code target} (replacing a
     * folder there).
     *
     * @throws IOException naming the transfer when chunks are missing or the digest differs
     */
    public Path finish(CheckpointRef ref, Path target) throws IOException {
        closeFile();
        String actual = Sha256.hex(digest);
        if (ref.chunks() != received || ref.bytes() != bytes || !ref.sha256().equals(actual)) {
            abort();
            throw new IOException("checkpoint transfer " + transferId + " arrived incomplete or damaged: got " + received + " chunks / " + bytes
                    + " bytes (SHA-256 " + actual + "), the sender sent " + ref.chunks() + " / " + ref.bytes() + " (SHA-256 " + ref.sha256() + ")");
        }
        CheckpointFolders.move(staging, target);
        return target;
    }

    /** Drops what arrived (the sender was lost or the transfer failed). */
    public void abort() {
        try {
            closeFile();
        } catch (IOException ignored) {
            // the staging folder is deleted anyway
        }
        try {
            CheckpointFolders.deleteRecursively(staging);
        } catch (IOException ignored) {
            // a stray staging folder is harmless; its name starts with a dot
        }
    }

    private void closeFile() throws IOException {
        if (out != null) {
            out.close();
            out = null;
            openPath = null;
        }
    }
}
