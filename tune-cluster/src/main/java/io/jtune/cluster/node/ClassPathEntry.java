package io.jtune.cluster.node;

/**
 * One entry of a class path as driver and worker compare it at join.
 *
 * @param key what the entry is, machine-independent: a jar's name without its version
 *     ({@code commons-math3} for {@code commons-math3-3.6.1.jar}), or a folder's last three
 *     names ({@code my-module/target/classes})
 * @param name the jar's file name, or (a folder) the same as {@code key}
 * @param digest the SHA-256 of its files' names and contents ({@link CodeDigest})
 */
public record ClassPathEntry(String key, String name, String digest) {
}
