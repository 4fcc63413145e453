package io.jtune.cluster.wire;

/**
 * A checkpoint folder that was streamed as {@link Chunk}s before this reference: the receiver
 * checks it got {@code chunks} chunks whose SHA-256 (over each file's path and bytes, in order)
 * is {@code sha256}, and only then uses the folder. {@code iteration} is the state it holds.
 */
public record CheckpointRef(String transferId, long iteration, long chunks, long bytes, String sha256) {
}
