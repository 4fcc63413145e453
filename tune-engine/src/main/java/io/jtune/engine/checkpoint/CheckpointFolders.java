package io.jtune.engine.checkpoint;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Locale;

/**
 * Checkpoint folders inside a trial folder, named as Ray Tune names them: {@code checkpoint_000010}
 * (six digits, the training iteration the state is at), and the file operations on them. These do
 * blocking I/O: call them from workers or the checkpoint I/O thread, not the driver.
 */
public final class CheckpointFolders {
    private static final String PREFIX = "checkpoint_";

    private CheckpointFolders() {
    }

    /** {@code <trialDir>/checkpoint_<iteration, 6 digits>}. */
    public static Path folderFor(Path trialDir, long iteration) {
        return trialDir.resolve(name(iteration));
    }

    public static String name(long iteration) {
        return PREFIX + String.format(Locale.ROOT, "%06d", iteration);
    }

    /** The iteration a checkpoint folder name encodes, or -1 when it is not such a name. */
    public static long iterationOf(Path folder) {
        String name = folder.getFileName().toString();
        if (!name.startsWith(PREFIX)) {
            return -1;
        }
        try {
            return Long.parseLong(name.substring(PREFIX.length()));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** The prefix {@link #setAside} gives a folder about to be deleted. */
    public static final String SET_ASIDE_PREFIX = ".deleting_";

    /**
     * Renames {@code folder} to {@code .deleting_<name>} beside it (replacing an older one) and
     * returns the new path; a missing folder is returned as it is.
     */
    public static Path setAside(Path folder) throws IOException {
        if (!Files.exists(folder)) {
            return folder;
        }
        Path aside = folder.resolveSibling(SET_ASIDE_PREFIX + folder.getFileName());
        deleteRecursively(aside);
        try {
            return Files.move(folder, aside, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            return folder;
        }
    }

    /**
     * The prefix of a folder a checkpoint is written into before {@link #publish} renames it to its
     * checkpoint name, so a folder under a checkpoint's name is always complete.
     */
    public static final String IN_PROGRESS_PREFIX = ".writing_";

    /** An existing, empty folder beside {@code folder} to write its content into before {@link #publish}. */
    public static Path inProgress(Path folder) throws IOException {
        Path temp = folder.resolveSibling(IN_PROGRESS_PREFIX + folder.getFileName());
        prepareEmpty(temp);
        return temp;
    }

    /** Renames the completely written {@code temp} to {@code folder} (replacing it) in one step; returns {@code folder}. */
    public static Path publish(Path temp, Path folder) throws IOException {
        deleteRecursively(setAside(folder));
        Files.move(temp, folder, StandardCopyOption.ATOMIC_MOVE);
        return folder;
    }

    /** Makes {@code dir} an existing, empty folder (deleting what was there). */
    public static void prepareEmpty(Path dir) throws IOException {
        deleteRecursively(dir);
        Files.createDirectories(dir);
    }

    /** Moves {@code source} to {@code target} (replacing it): atomically when the file system allows, else copy and delete. */
    public static void move(Path source, Path target) throws IOException {
        if (source.toAbsolutePath().normalize().equals(target.toAbsolutePath().normalize())) {
            return;
        }
        if (!Files.isDirectory(source)) {
            throw new NoSuchFileException(source.toString(), null, "a reported checkpoint must be an existing directory");
        }
        deleteRecursively(target);
        Files.createDirectories(target.getParent());
        try {
            Files.move(source, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException | java.nio.file.DirectoryNotEmptyException e) {
            copy(source, target);
            deleteRecursively(source);
        }
    }

    /** Copies the folder {@code source} to {@code target} (replacing it); {@code target} appears only once complete. */
    public static void copy(Path source, Path target) throws IOException {
        Files.createDirectories(target.getParent());
        Path temp = inProgress(target);
        Files.walkFileTree(source, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                Files.createDirectories(temp.resolve(source.relativize(dir)));
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.copy(file, temp.resolve(source.relativize(file)), StandardCopyOption.REPLACE_EXISTING);
                return FileVisitResult.CONTINUE;
            }
        });
        publish(temp, target);
    }

    /** Deletes a folder and everything in it; a missing folder is fine. */
    public static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        Files.walkFileTree(dir, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                if (e != null) {
                    throw e;
                }
                Files.delete(d);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    static UncheckedIOException unchecked(String what, IOException e) {
        return new UncheckedIOException(what + ": " + e.getMessage(), e);
    }
}
