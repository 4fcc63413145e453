package io.jtune.engine.output;

import io.jtune.api.Result;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.TrialView;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * A logger callback that writes each result as one record of one buffered file per live trial:
 * opened at its start (or first result), flushed at most once a second, closed when the trial
 * completes or fails and at the experiment's end. A trial's file is continued, not replaced: as a
 * {@link ResultLog} it is cut back or completed to the results the trial continues from, and a
 * partly written last record (a process that died mid-write) is cut off before appending.
 *
 * @param <F> the file type
 */
abstract class PerTrialFileCallback<F extends TrialFile> implements Callback, ResultLog {
    /** How often a file is flushed at most while its trial runs. */
    static final long FLUSH_INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final Map<String, F> open = new HashMap<>();
    private final LongSupplier nanoClock;
    private final String fileName;
    private final boolean hasHeader;
    private final boolean quoted;

    /**
     * @param fileName the file's name in the trial folder
     * @param hasHeader whether the file starts with a header record before the results
     * @param quoted whether a line break inside double quotes belongs to a record (CSV)
     */
    PerTrialFileCallback(LongSupplier nanoClock, String fileName, boolean hasHeader, boolean quoted) {
        this.nanoClock = nanoClock;
        this.fileName = fileName;
        this.hasHeader = hasHeader;
        this.quoted = quoted;
    }

    /**
     * Wraps the trial's file {@code path}, open as {@code channel} at the end of its complete records
     * (empty when new), for writing results.
     */
    protected abstract F open(Path path, FileChannel channel, long nowNanos) throws IOException;

    /** The trial's open file, opened now if needed, continuing the complete records in it. */
    final F file(TrialView trial) {
        F file = open.get(trial.id());
        if (file == null) {
            file = openCut(trial, Integer.MAX_VALUE);
        }
        return file;
    }

    /** Opens the trial's file, cut back to at most {@code maxResults} results. */
    private F openCut(TrialView trial, int maxResults) {
        Path path = trial.localDir().resolve(fileName);
        int keepRecords = maxResults == 0 ? 0 : hasHeader ? (int) Math.min(Integer.MAX_VALUE, maxResults + 1L) : maxResults;
        FileChannel channel = null;
        try {
            channel = TrialFile.openToContinue(path);
            int records = channel.size() == 0 ? 0 : RecordFiles.cut(channel, keepRecords, quoted);
            F file = open(path, channel, nanoClock.getAsLong());
            file.results = hasHeader ? Math.max(0, records - 1) : records;
            open.put(trial.id(), file);
            return file;
        } catch (IOException e) {
            closeQuietly(channel, e);
            throw new UncheckedIOException("cannot open the output of trial " + trial.id() + " in " + trial.localDir() + ": " + e.getMessage(), e);
        }
    }

    private static void closeQuietly(FileChannel channel, IOException failure) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException e) {
                failure.addSuppressed(e);
            }
        }
    }

    @Override
    public void continueFrom(TrialView trial, List<Result> results) {
        F file = open.get(trial.id());
        if (file != null && file.results == results.size()) {
            return;
        }
        close(trial);
        file = openCut(trial, results.size());
        for (int i = file.results; i < results.size(); i++) {
            file.write(results.get(i), trial.config());
        }
        file.results = results.size();
    }

    /** Hands what is buffered for the trial to the operating system. */
    final void flush(String trialId) {
        F file = open.get(trialId);
        if (file != null) {
            file.flush();
        }
    }

    @Override
    public void flush() {
        for (F file : open.values()) {
            file.flush();
        }
    }

    @Override
    public void onTrialResult(TrialView trial, Result result) {
        F file = file(trial);
        file.write(result, trial.config());
        file.results++;
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
