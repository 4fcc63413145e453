package io.jtune.cluster.node;

import java.util.List;

/**
 * The code a trainable runs, as driver and worker compare it at join: the SHA-256 of the
 * class-path entry holding the class, and the digests of the whole class path it was loaded from.
 *
 * @param className the trainable's binary name
 * @param digest {@link CodeDigest#of(Class)}
 * @param source where the class was loaded from, for messages
 * @param classPath {@link ClassPathDigest#of(ClassLoader)} of the class's loader
 */
public record TrainableCode(String className, String digest, String source, List<ClassPathEntry> classPath) {

    public static TrainableCode of(Class<?> type) {
        ClassLoader loader = type.getClassLoader() != null ? type.getClassLoader() : ClassLoader.getSystemClassLoader();
        return new TrainableCode(type.getName(), CodeDigest.of(type), CodeDigest.sourceOf(type).toString(), ClassPathDigest.of(loader));
    }
}
