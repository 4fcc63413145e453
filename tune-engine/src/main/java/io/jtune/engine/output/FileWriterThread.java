package io.jtune.engine.output;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * Writes a logger's files on a thread of its own, in the order asked, so the driver only encodes
 * records. Bounded: at most {@code capacity} writes wait; asking for one more makes the driver wait
 * until the thread has taken one (back-pressure), so the driver is never further ahead of the disk.
 * Each write opens the file (creating a missing trial folder), writes and closes it, so no file
 * stays open between writes however many trials run. The first failure is kept and thrown, naming
 * the file and the trial, by the driver's next call; the writes after it are skipped. Started on
 * first use; {@link #close()} waits for the writes asked so far and ends the thread.
 */
final class FileWriterThread implements AutoCloseable {
    /** How many writes may wait by default. */
    static final int CAPACITY = 1024;
    static final int POOLED_BUFFERS = 4096;
    static final int POOLED_BUFFER_BYTES = 16 * 1024;
    private static final OpenOption[] REPLACE = {StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING};
    private static final OpenOption[] CREATE_NEW = {StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE};
    private static final Object STOP = new Object();
    private static final long NAP_NANOS = TimeUnit.MICROSECONDS.toNanos(200);
    private static final int NAPS_BEFORE_WAITING = 50;

    /** One write of one file of a trial. */
    interface FileWrite {
        /** Does the write; on the writer thread. */
        void write() throws IOException;

        Path file();

        String trialId();
    }

    /** Makes {@code file} hold exactly {@code bytes}, as {@link #writeWhole}. */
    private record Replace(Path file, String trialId, byte[] bytes) implements FileWrite {
        @Override
        public void write() throws IOException {
            writeWhole(file, bytes);
        }
    }

    /**
     * Makes {@code file} hold exactly {@code bytes}, creating a missing trial folder. A new file is
     * created and written in place: a kill can leave it empty or cut short, before anything this
     * thread writes after it. An existing file is replaced through a hidden file beside it renamed
     * over it, so a kill leaves the old content or the new (a rename costs about as much as creating
     * the file, hence only when replacing).
     */
    static void writeWhole(Path file, byte[] bytes) throws IOException {
        try (FileChannel channel = TrialFile.openInTrialDir(file, () -> FileChannel.open(file, CREATE_NEW))) {
            writeAll(channel, bytes);
            return;
        } catch (FileAlreadyExistsException replacing) {
            // written beside it and renamed over it below
        }
        Path partial = file.resolveSibling("." + file.getFileName() + ".partial");
        try (FileChannel channel = FileChannel.open(partial, REPLACE)) {
            writeAll(channel, bytes);
        }
        Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    private static void writeAll(FileChannel channel, byte[] bytes) throws IOException {
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
    }

    private final String name;
    private final int capacity;
    /**
     * The writes asked for and not taken yet. Handing one over takes no lock and wakes the writer
     * only when it sleeps (after its naps), and the driver waits only when {@code capacity} writes
     * wait: on this machine a thread's wake-up is a system call of several microseconds.
     */
    private final ConcurrentLinkedQueue<Object> queue = new ConcurrentLinkedQueue<>();
    private final AtomicInteger waiting = new AtomicInteger();
    /** Set by the writer thread before it parks without a time-out, so an added write wakes it. */
    private volatile boolean writerSleeps;
    /** Set by the driver before it parks for room, so the writer wakes it when it takes a write. */
    private volatile Thread driverWaiting;
    /** Buffers of closed files, for the next files' records; guarded by itself. */
    private final ArrayDeque<RecordBytes> buffers = new ArrayDeque<>();
    private Thread thread;
    private volatile RuntimeException failure;

    /** {@code name} names the thread. */
    FileWriterThread(String name) {
        this(name, CAPACITY);
    }

    /** At most {@code capacity} writes wait. */
    FileWriterThread(String name, int capacity) {
        this.name = name;
        this.capacity = capacity;
    }

    /** How many writes wait for this thread. */
    int backlog() {
        return waiting.get();
    }

    /** The thread's name. */
    String name() {
        return name;
    }

    /** Appends what {@code file} holds pending to it. */
    void append(TrialFile file) {
        submit(file);
    }

    /** A buffer for a file's pending records: one a closed file gave back, or a new one. */
    RecordBytes buffer() {
        synchronized (buffers) {
            RecordBytes buffer = buffers.pollLast();
            if (buffer != null) {
                return buffer;
            }
        }
        return new RecordBytes(1024);
    }

    /**
     * Keeps {@code buffer} (emptied) for another file, up to {@value #POOLED_BUFFERS} buffers of at
     * most {@value #POOLED_BUFFER_BYTES} bytes: reused, they stay out of the young generation that
     * the garbage collector copies.
     */
    void recycle(RecordBytes buffer) {
        if (buffer != null && buffer.capacity() <= POOLED_BUFFER_BYTES) {
            buffer.reset();
            synchronized (buffers) {
                if (buffers.size() < POOLED_BUFFERS) {
                    buffers.addLast(buffer);
                }
            }
        }
    }

    /** How many buffers are kept for the next files. */
    int pooledBuffers() {
        synchronized (buffers) {
            return buffers.size();
        }
    }

    /** Makes {@code file}, of trial {@code trialId}, hold exactly {@code bytes}. */
    void replace(Path file, String trialId, byte[] bytes) {
        submit(new Replace(file, trialId, bytes));
    }

    /** Asks for {@code write}, waiting while {@code capacity} writes wait already. */
    void submit(FileWrite write) {
        throwFailure();
        put(write);
    }

    private void put(Object task) {
        if (thread == null) {
            thread = new Thread(this::run, name);
            thread.setDaemon(true);
            thread.start();
        }
        while (waiting.get() >= capacity) {
            driverWaiting = Thread.currentThread();
            if (waiting.get() >= capacity) {
                LockSupport.park(this);
            }
            driverWaiting = null;
            if (Thread.interrupted()) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for " + name + " to take a write");
            }
        }
        queue.add(task);
        waiting.incrementAndGet();
        if (writerSleeps) {
            LockSupport.unpark(thread);
        }
    }

    /** The next write asked for, or null; wakes a driver waiting for room. */
    private Object poll() {
        Object task = queue.poll();
        if (task != null) {
            waiting.decrementAndGet();
            Thread driver = driverWaiting;
            if (driver != null) {
                LockSupport.unpark(driver);
            }
        }
        return task;
    }

    private void run() {
        while (true) {
            Object task;
            try {
                task = next();
            } catch (InterruptedException e) {
                return;
            }
            if (task == STOP) {
                return;
            }
            if (task instanceof CountDownLatch done) {
                done.countDown();
            } else if (failure == null) {
                write((FileWrite) task);
            }
        }
    }

    /**
     * The next write: while writes come in bursts the thread naps between polls, so a write asked
     * for wakes nobody and costs the driver no system call; after {@value #NAPS_BEFORE_WAITING}
     * empty naps it waits to be woken.
     */
    private Object next() throws InterruptedException {
        for (int naps = 0; naps < NAPS_BEFORE_WAITING; naps++) {
            Object task = poll();
            if (task != null) {
                return task;
            }
            LockSupport.parkNanos(this, NAP_NANOS);
        }
        while (true) {
            writerSleeps = true;
            Object task = poll();
            if (task == null) {
                LockSupport.park(this);
                task = poll();
            }
            writerSleeps = false;
            if (task != null) {
                return task;
            }
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
        }
    }

    private void write(FileWrite write) {
        try {
            write.write();
        } catch (IOException e) {
            failure = new UncheckedIOException(message(write, e), e);
        } catch (RuntimeException | Error e) {
            failure = new IllegalStateException(message(write, e), e);
        }
    }

    private static String message(FileWrite write, Throwable e) {
        return "cannot write " + write.file() + " of trial " + write.trialId() + ": " + e;
    }

    /** Waits until every write asked so far is done; throws the first that failed. */
    void drain() {
        if (thread != null) {
            CountDownLatch done = new CountDownLatch(1);
            put(done);
            try {
                done.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for the result files to be written", e);
            }
        }
        throwFailure();
    }

    /** Throws the first write that failed, if one did. */
    void throwFailure() {
        RuntimeException e = failure;
        if (e != null) {
            throw e;
        }
    }

    @Override
    public void close() {
        try {
            drain();
        } finally {
            if (thread != null) {
                put(STOP);
                thread = null;
            }
        }
    }
}
