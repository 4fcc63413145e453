package io.jtune.engine.runner.state;

import io.jtune.engine.output.DateStamp;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Names and finds experiment folders under a storage folder, as Ray Tune does: each run is a new
 * folder {@code <trainable>_<yyyy-MM-dd_HH-mm-ss>} (with {@code _2}, {@code _3}, ... when one of
 * that name began in the same second, also by a concurrent run), so a re-run never collides with another one, and
 * "resume" means the latest of them.
 */
public final class ExperimentFolders {
    private static final String DATE_SUFFIX = "_\\d{4}-\\d{2}-\\d{2}_\\d{2}-\\d{2}-\\d{2}(_(\\d+))?";

    private ExperimentFolders() {
    }

    /**
     * Where experiment folders go by default, inside the build's output folder so that
     * {@code mvn clean} removes them and the usual ignore rules keep them out of version control:
     * {@code target/jtune} in a Maven project (a {@code pom.xml} in {@code workingDirectory}),
     * {@code build/jtune} in a Gradle project, else {@code ~/jtune-results} (Ray Tune's
     * {@code ~/ray_results}), never a folder next to the user's sources.
     */
    public static Path defaultStorage(Path workingDirectory) {
        Path dir = workingDirectory.toAbsolutePath();
        if (Files.exists(dir.resolve("pom.xml"))) {
            return dir.resolve("target").resolve("jtune");
        }
        if (Files.exists(dir.resolve("build.gradle")) || Files.exists(dir.resolve("build.gradle.kts"))) {
            return dir.resolve("build").resolve("jtune");
        }
        return Path.of(System.getProperty("user.home"), "jtune-results");
    }

    /** A folder name for a new experiment of {@code trainable}: no folder of that name exists under {@code storage} yet. */
    public static String newName(Path storage, String trainable) {
        String base = trainable + "_" + DateStamp.ofEpochSecond(System.currentTimeMillis() / 1000);
        String candidate = base;
        for (int i = 2; Files.exists(storage.resolve(candidate)); i++) {
            candidate = base + "_" + i;
        }
        return candidate;
    }

    /**
     * The experiment of {@code trainable} that began last under {@code storage} (by the date in its
     * name, then its {@code _N} suffix): a folder named as {@link #newName} names them that holds an
     * experiment state. Empty when there is none.
     */
    public static Optional<Path> latest(Path storage, String trainable) {
        if (!Files.isDirectory(storage)) {
            return Optional.empty();
        }
        Pattern name = Pattern.compile(Pattern.quote(trainable) + DATE_SUFFIX);
        try (Stream<Path> folders = Files.list(storage)) {
            return folders.filter(dir -> name.matcher(dir.getFileName().toString()).matches())
                    .filter(dir -> Files.isRegularFile(dir.resolve(ExperimentState.FILE)))
                    .max(Comparator.comparing((Path dir) -> dateOf(dir, trainable)).thenComparingInt(dir -> suffixOf(dir, name)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the experiment folders in " + storage + ": " + e.getMessage(), e);
        }
    }

    private static String dateOf(Path dir, String trainable) {
        return dir.getFileName().toString().substring(trainable.length() + 1, trainable.length() + 20);
    }

    private static int suffixOf(Path dir, Pattern name) {
        var m = name.matcher(dir.getFileName().toString());
        return m.matches() && m.group(2) != null ? Integer.parseInt(m.group(2)) : 1;
    }
}
