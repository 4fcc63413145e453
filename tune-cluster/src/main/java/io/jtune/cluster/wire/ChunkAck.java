package io.jtune.cluster.wire;

/** The receiver wrote chunk {@code seq} of the transfer. */
public record ChunkAck(String transferId, long seq) implements ToDriver, ToTrial {
}
