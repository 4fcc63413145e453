package io.jtune.cluster.wire;

/** The driver has taken the results batch {@code seq} ({@link ToDriver.Results}). */
public record ResultsAck(long seq) implements ClusterMessage {
}
