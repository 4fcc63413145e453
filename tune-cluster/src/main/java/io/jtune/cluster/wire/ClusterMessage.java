package io.jtune.cluster.wire;

/**
 * Every message that crosses between cluster members implements this marker; the Pekko
 * configuration binds it to Jackson (CBOR), so nothing is Java-serialized. Messages are records
 * of data only: names, numbers, strings, maps and byte arrays, plus actor references.
 */
public interface ClusterMessage {
}
