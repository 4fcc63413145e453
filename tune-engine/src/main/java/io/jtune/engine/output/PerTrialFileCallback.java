package io.jtune.engine.output;

import io.jtune.api.Result;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.TrialView;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * A logger callback that writes each result to one buffered file per live trial: opened at its start
 * (or first result), flushed at most once a second, closed when the trial completes or fails and
 * at the experiment's end. Files are opened for appending, so a resumed trial continues its file.
 *
 * @param <F> the file type
 */
abstract class PerTrialFileCallback<F extends TrialFile> implements Callback {
    /** How often a file is flushed at most while its trial runs. */
    static final long FLUSH_INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final Map<String, F> open = new HashMap<>();
    private final LongSupplier nanoClock;

    PerTrialFileCallback(LongSupplier nanoClock) {
        this.nanoClock = nanoClock;
    }

    /** Opens (for appending) the trial's file inside {@code dir}, creating the folder only if it is missing. */
    protected abstract F open(TrialView trial, Path dir, long nowNanos) throws IOException;

    /** The trial's open file, opened now if needed. */
    final F file(TrialView trial) {
        F file = open.get(trial.id());
        if (file == null) {
            Path dir = trial.localDir();
            try {
                file = open(trial, dir, nanoClock.getAsLong());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot open the output of trial " + trial.id() + " in " + dir + ": " + e.getMessage(), e);
            }
            open.put(trial.id(), file);
        }
        return file;
    }

    @Override
    public void onTrialResult(TrialView trial, Result result) {
        F file = file(trial);
        file.write(result, trial.config());
        file.wrote(nanoClock.getAsLong());
    }

    @Override
    public void onTrialComplete(TrialView trial) {
        close(trial);
    }

    @Override
    public void onTrialError(TrialView trial, Throwable error) {
        close(trial);
    }

    @Override
    public void onExperimentEnd(List<? extends TrialView> trials) {
        List<F> files = new ArrayList<>(open.values());
        open.clear();
        UncheckedIOException first = null;
        for (F f : files) {
            try {
                f.close();
            } catch (UncheckedIOException e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }

    private void close(TrialView trial) {
        F file = open.remove(trial.id());
        if (file != null) {
            file.close();
        }
    }
}
