package io.jtune.engine.runner.state;

import io.jtune.api.TuneException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * One writer per experiment folder: an exclusive OS file lock on {@value #FILE} in the folder,
 * held while a run (new or resumed) writes it. The operating system drops the lock when the
 * process ends, also by {@code kill -9}, so a crash leaves nothing to clean up. The holder writes
 * its PID into the file, so a refused run can name it. The file itself stays (deleting it could
 * let two processes lock two different files of the same name).
 */
public final class ExperimentLock implements AutoCloseable {
    /** The lock file in the experiment folder. */
    public static final String FILE = ".jtune-lock";

    private final FileChannel channel;
    private final FileLock lock;

    private ExperimentLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Locks {@code experimentDir} (creating it) for this process.
     *
     * @throws ExperimentInUseException naming the folder and the process holding it when another run has it
     */
    public static ExperimentLock acquire(Path experimentDir) {
        Path file = experimentDir.resolve(FILE);
        FileChannel channel = null;
        try {
            Files.createDirectories(experimentDir);
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
            FileLock lock = tryLock(channel);
            if (lock == null) {
                String holder = holder(channel);
                channel.close();
                throw new ExperimentInUseException("the experiment folder " + experimentDir + " is in use by another run (" + holder + " holds " + file
                        + "); wait for that run to end (or stop it), or choose another Tuner.name(...)");
            }
            channel.truncate(0);
            channel.write(ByteBuffer.wrap(("pid " + ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.UTF_8)), 0);
            channel.force(false);
            return new ExperimentLock(channel, lock);
        } catch (IOException e) {
            closeQuietly(channel);
            throw new TuneException("cannot lock the experiment folder " + experimentDir + " (" + file + "): " + e.getMessage()
                    + "; choose a writable Tuner.storagePath(...)", e);
        }
    }

    private static FileLock tryLock(FileChannel channel) throws IOException {
        try {
            return channel.tryLock();
        } catch (OverlappingFileLockException heldInThisJvm) {
            return null;
        }
    }

    /** Who holds the lock, from the PID it wrote. */
    private static String holder(FileChannel channel) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(64);
        channel.read(buffer, 0);
        String text = new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8).trim();
        if (!text.startsWith("pid ")) {
            return "a process";
        }
        String pid = text.substring(4).trim();
        return pid.equals(Long.toString(ProcessHandle.current().pid())) ? "this process (PID " + pid + ")" : "the process with PID " + pid;
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // the lock goes with the channel
            }
        }
    }

    /** Releases the lock (the file stays). */
    @Override
    public void close() {
        try {
            lock.release();
        } catch (IOException ignored) {
            // closing the channel releases it too
        }
        closeQuietly(channel);
    }
}
