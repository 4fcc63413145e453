package io.jtune.engine.runner.state;

import io.jtune.api.TuneException;
import io.jtune.engine.checkpoint.CheckpointIo;
import io.jtune.engine.checkpoint.PiecedBytes;
import io.jtune.engine.log.LazyLogger;
import java.nio.file.Path;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Writes {@code experiment_state.json} through the {@link CheckpointIo} thread, atomically (a
 * failed write leaves the last good state). While the run goes on, a failed write (a full disk) is
 * warned about once, naming the file, until a write succeeds again; the final write is awaited and
 * its failure thrown as a {@link TuneException} naming the file. Either way the results and
 * checkpoints on disk are kept: a resume adopts what the last good state does not list.
 */
public final class SnapshotFile {
    private static final LazyLogger LOG = new LazyLogger(SnapshotFile.class);

    private final Path file;
    private final CheckpointIo io;
    private final AtomicBoolean failing = new AtomicBoolean();

    public SnapshotFile(Path file, CheckpointIo io) {
        this.file = file;
        this.io = io;
    }

    /** Writes the state in the background. */
    public void write(PiecedBytes state) {
        io.writeAtomically(file, state).whenComplete((done, error) -> {
            if (error != null && failing.compareAndSet(false, true)) {
                LOG.get().warn("cannot write the experiment state {} ({}); the run goes on and later snapshots try again. "
                        + "A resume keeps the trials and checkpoints written since the last good state", file, cause(error).getMessage());
            } else if (error == null && failing.compareAndSet(true, false)) {
                LOG.get().info("the experiment state {} is written again", file);
            }
        });
    }

    /** Writes the state after every write asked before and waits for it. */
    public void writeFinal(PiecedBytes state) {
        try {
            io.writeAtomically(file, state).join();
        } catch (CompletionException e) {
            Throwable cause = cause(e);
            throw new TuneException("cannot write the final experiment state " + file + " (" + cause.getMessage() + "); every result and checkpoint written is kept on disk. "
                    + "Free space (or make the folder writable) and resume the experiment: the resume continues the trials its last good state does not list", cause);
        }
    }

    private static Throwable cause(Throwable error) {
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        return cause.getCause() != null ? cause.getCause() : cause;
    }
}
