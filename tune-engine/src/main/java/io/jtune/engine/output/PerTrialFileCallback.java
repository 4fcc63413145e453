package io.jtune.engine.output;

import io.jtune.api.Config;
import io.jtune.api.Result;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.TrialView;
import io.jtune.engine.trial.TrialLocal;
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
 * A logger callback that writes each result as one record of one file per trial. The driver only
 * encodes records, into one reused buffer, and adds them to the trial's pending bytes; a
 * {@link FileWriterThread} of this logger appends them (at most once a second per trial while it
 * runs, when the trial completes or fails, at {@link #flush()} and at the experiment's end),
 * opening and closing the file each time, so no file stays open and the driver does no file I/O
 * for a trial that starts without results. A new trial's file is created (or emptied) by the
 * opening that writes its first records, or at the first flush or its end when it has none. A
 * trial's file is continued, not replaced: as a {@link ResultLog} it is cut back or completed to
 * the results the trial continues from (after the trial's writes asked so far, on the driver), and
 * a partly written last record (a process that died mid-write) is cut off before appending.
 *
 * <p>A logger may have more than one writer thread. A trial's writes go to one of them, in the
 * order asked, while its file is open: the first thread, unless {@value #BACKLOG_FOR_ANOTHER_WRITER}
 * writes wait for it when the file is opened, then the one with the fewest waiting. So at low rates
 * one thread writes everything and the others never start (each thread naps after its writes, which
 * costs the trials' wake-ups on a small machine); only a driver that outruns one thread uses more.
 *
 * @param <F> the file type
 */
abstract class PerTrialFileCallback<F extends TrialFile> implements Callback, ResultLog {
    /** How often a file is flushed at most while its trial runs. */
    static final long FLUSH_INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(1);
    /** Writes waiting for the first writer thread that make a newly opened file go to another. */
    static final int BACKLOG_FOR_ANOTHER_WRITER = 16;

    /** The open files by trial id, for flushing them all and closing them at the end. */
    private final Map<String, F> open = new HashMap<>();
    /** The same files held by their trials, for the lookup of each result. */
    private final TrialLocal<F> fileOfTrial = new TrialLocal<>();
    private final RecordBytes record = new RecordBytes(1024);
    private final FileWriterThread[] writers;
    private final LongSupplier nanoClock;
    private final String fileName;
    private final boolean hasHeader;
    private final boolean quoted;

    /**
     * @param fileName the file's name in the trial folder
     * @param hasHeader whether the file starts with a header record before the results
     * @param quoted whether a line break inside double quotes belongs to a record (CSV)
     * @param writerThreads how many writer threads may share the trials' files: more for a logger
     *     that creates more than one file a trial, as creating a file costs its writer more than writing
     */
    PerTrialFileCallback(LongSupplier nanoClock, String fileName, boolean hasHeader, boolean quoted, int writerThreads) {
        this.nanoClock = nanoClock;
        this.writers = new FileWriterThread[writerThreads];
        for (int i = 0; i < writerThreads; i++) {
            writers[i] = new FileWriterThread("jtune-" + fileName + "-writer" + (writerThreads == 1 ? "" : "-" + (i + 1)));
        }
        this.fileName = fileName;
        this.hasHeader = hasHeader;
        this.quoted = quoted;
    }

    /**
     * The trial's file {@code path} for writing results through {@code writer}: after the complete
     * records it holds, or empty when {@code hasRecords} is false.
     */
    protected abstract F open(Path path, String trialId, boolean hasRecords, long nowNanos, FileWriterThread writer) throws IOException;

    /** Appends the record of {@code result} to {@code out}; {@code trialConfig} stands in for a result without a {@code config}. */
    protected abstract void encode(F file, Result result, Config trialConfig, RecordBytes out);

    /** Makes {@code file} of {@code trial} hold {@code bytes}, written by the trial's writer thread after the trial's earlier writes. */
    final void replace(TrialView trial, Path file, byte[] bytes) {
        file(trial).writer().replace(file, trial.id(), bytes);
    }

    /** The writer thread for a file being opened: the first, unless it is backlogged, then the least backlogged. */
    private FileWriterThread nextWriter() {
        FileWriterThread chosen = writers[0];
        if (chosen.backlog() < BACKLOG_FOR_ANOTHER_WRITER) {
            return chosen;
        }
        for (int i = 1; i < writers.length; i++) {
            if (writers[i].backlog() < chosen.backlog()) {
                chosen = writers[i];
            }
        }
        return chosen;
    }

    /**
     * The writer thread for a trial whose file is not open: a new trial's, or a failed trial's
     * retried from scratch, whose last writes (at its failure) may still wait for any thread and
     * are waited for first.
     */
    private FileWriterThread writerForClosed(TrialView trial) {
        if (trial.numFailures() > 0) {
            drainAll();
        }
        return nextWriter();
    }

    /** Waits for every write asked so far: a trial's writes before its file was last opened may be on any writer thread. */
    private void drainAll() {
        for (FileWriterThread writer : writers) {
            writer.drain();
        }
    }

    /** Encodes the result and adds it to the file. */
    private void add(F file, Result result, Config trialConfig) {
        record.reset();
        encode(file, result, trialConfig, record);
        file.add(record, nanoClock.getAsLong());
    }

    /** The trial's open file, opened now if needed, continuing the complete records in it. */
    final F file(TrialView trial) {
        F file = fileOfTrial.get(trial);
        if (file == null) {
            file = openCut(trial, Integer.MAX_VALUE);
        }
        return file;
    }

    /** Continues the trial's file cut back to at most {@code maxResults} results, once the writes asked so far are done. */
    private F openCut(TrialView trial, int maxResults) {
        drainAll();
        Path path = trial.localDir().resolve(fileName);
        int keepRecords = maxResults == 0 ? 0 : hasHeader ? (int) Math.min(Integer.MAX_VALUE, maxResults + 1L) : maxResults;
        try {
            int records;
            boolean hasRecords;
            try (FileChannel channel = TrialFile.openToContinue(path)) {
                records = channel.size() == 0 ? 0 : RecordFiles.cut(channel, keepRecords, quoted);
                hasRecords = channel.size() > 0;
            }
            return opened(trial, open(path, trial.id(), hasRecords, nanoClock.getAsLong(), nextWriter()), hasHeader ? Math.max(0, records - 1) : records);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the output of trial " + trial.id() + " in " + trial.localDir() + ": " + e.getMessage(), e);
        }
    }

    /**
     * The trial's file, emptied (or created) by the writer thread with its first write, at the first
     * hand-over, flush or close: nothing is read or opened here.
     */
    private F openEmpty(TrialView trial, FileWriterThread writer) {
        Path path = trial.localDir().resolve(fileName);
        try {
            F file = opened(trial, open(path, trial.id(), false, nanoClock.getAsLong(), writer), 0);
            file.startEmpty();
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the output of trial " + trial.id() + " in " + trial.localDir() + ": " + e.getMessage(), e);
        }
    }

    private F opened(TrialView trial, F file, int results) {
        file.results = results;
        open.put(trial.id(), file);
        fileOfTrial.set(trial, file);
        return file;
    }

    @Override
    public void continueFrom(TrialView trial, List<Result> results) {
        F file = fileOfTrial.get(trial);
        if (file != null) {
            if (file.results == results.size()) {
                return;
            }
            close(trial);
        }
        file = results.isEmpty() ? openEmpty(trial, file == null ? writerForClosed(trial) : file.writer()) : openCut(trial, results.size());
        for (int i = file.results; i < results.size(); i++) {
            add(file, results.get(i), trial.config());
        }
    }

    @Override
    public void completeFinished(TrialView trial, List<Result> results) {
        continueFrom(trial, results);
        close(trial);
    }

    /** Writes what is buffered for the trial, and waits for every write of it asked so far. */
    final void flush(String trialId) {
        F file = open.get(trialId);
        if (file == null) {
            drainAll();
        } else {
            file.handOver();
            file.writer().drain();
        }
    }

    /** Writes what is buffered for every trial, and waits until it is written. */
    @Override
    public void flush() {
        for (F file : open.values()) {
            file.handOver();
        }
        drainAll();
    }

    @Override
    public void onTrialResult(TrialView trial, Result result) {
        add(file(trial), result, trial.config());
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
        trials.forEach(fileOfTrial::remove);
        RuntimeException first = null;
        for (F f : files) {
            first = closing(f::close, first);
        }
        for (FileWriterThread writer : writers) {
            first = closing(writer::close, first);
        }
        if (first != null) {
            throw first;
        }
    }

    /** Runs {@code close}; returns the first failure so far, {@code first} or its own (a later one added to the first as suppressed). */
    private static RuntimeException closing(Runnable close, RuntimeException first) {
        try {
            close.run();
            return first;
        } catch (RuntimeException e) {
            if (first == null) {
                return e;
            }
            first.addSuppressed(e);
            return first;
        }
    }

    private void close(TrialView trial) {
        fileOfTrial.remove(trial);
        F file = open.remove(trial.id());
        if (file != null) {
            file.close();
        }
    }
}
