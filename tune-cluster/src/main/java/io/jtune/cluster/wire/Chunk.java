package io.jtune.cluster.wire;

import org.apache.pekko.actor.typed.ActorRef;

/**
 * A piece of a streamed checkpoint folder: bytes of the file {@code path} (relative, '/'
 * separated) at the current end of that file; {@code seq} counts from 0 over the transfer. The
 * receiver answers every chunk with a {@link ChunkAck} to {@code ackTo}, so at most a window of
 * chunks is in flight (the 256 KiB frame limit and the send queue stay respected).
 */
public record Chunk(String transferId, long seq, String path, byte[] data, ActorRef<ChunkAck> ackTo)
        implements ToDriver, ToWorker {
}
