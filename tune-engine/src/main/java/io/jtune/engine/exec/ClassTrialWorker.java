package io.jtune.engine.exec;

import io.jtune.api.trainable.CheckpointDir;
import io.jtune.api.trainable.ClassTrainable;
import io.jtune.engine.checkpoint.CheckpointFolders;
import io.jtune.engine.log.LazyLogger;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * Runs a class-API trainable: one {@link ClassTrainable#step()} per STEP command, as Ray Tune's
 * {@code train.remote()}. The instance is a stopped trial's (from {@code reuseFrom}) when
 * {@link ClassTrainable#reset} accepts the new config, else a new one from the factory.
 */
final class ClassTrialWorker extends TrialWorker {
    private static final LazyLogger LOG = new LazyLogger(ClassTrialWorker.class);
    /** Whether a trainable class has a {@link ClassTrainable#cleanup()} of its own (not the interface's empty default); looked up once a class. */
    private static final ClassValue<Boolean> CLEANS_UP = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            try {
                return type.getMethod("cleanup").getDeclaringClass() != ClassTrainable.class;
            } catch (NoSuchMethodException e) {
                throw new IllegalStateException(type.getName() + " implements ClassTrainable without its cleanup()", e);
            }
        }
    };

    private final Supplier<? extends ClassTrainable> factory;
    private final CompletableFuture<ClassTrainable> reuseFrom;
    private CompletableFuture<ClassTrainable> handoff;
    private boolean exited;
    /** Whether the trainable, once made, has no {@code cleanup()} of its own; read on this worker's thread only. */
    private boolean freeAtStop;

    /** {@code reuseFrom}: a stopped trial's trainable to reset, or null. */
    ClassTrialWorker(TrialLaunch launch, EventSink sink, Supplier<? extends ClassTrainable> factory, CompletableFuture<ClassTrainable> reuseFrom) {
        super(launch, sink);
        this.factory = factory;
        this.reuseFrom = reuseFrom;
    }

    /** Asks the worker to hand its trainable to {@code slot} when stopped; false when it has exited already. */
    synchronized boolean handOffTo(CompletableFuture<ClassTrainable> slot) {
        if (exited) {
            return false;
        }
        handoff = slot;
        return true;
    }

    @Override
    protected synchronized void exited() {
        exited = true;
        if (handoff != null) {
            handoff.complete(null);
        }
    }

    @Override
    protected void work() {
        ClassTrainable trainable = null;
        Command current = null;
        try {
            trainable = acquire();
            freeAtStop = !CLEANS_UP.get(trainable.getClass());
            if (launch.restoreFrom() != null) {
                trainable.restore(launch.restoreFrom().path());
            }
            current = Command.STEP;
            step(trainable);
            while (true) {
                current = nextCommand();
                switch (current) {
                    case STEP -> step(trainable);
                    case SAVE_REQUIRED, SAVE_OPTIONAL -> postSaved(save(trainable, current == Command.SAVE_REQUIRED), iteration);
                    case STOP -> {
                        release(trainable);
                        return;
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            cleanup(trainable);
        } catch (Throwable e) {
            boolean saving = current == Command.SAVE_REQUIRED || current == Command.SAVE_OPTIONAL;
            if (!isStopping() || saving) {
                postFailed(e);
            }
            cleanup(trainable);
        }
    }

    /**
     * True once the trainable is made, when its class has no {@code cleanup()} of its own: stopped, the
     * worker then runs no user code (a trainable handed to the reuse cache runs none either, but that
     * is known only at the stop, so it counts as not free).
     */
    @Override
    protected boolean freeAtStop() {
        return freeAtStop;
    }

    private ClassTrainable acquire() throws Exception {
        ClassTrainable cached = reuseFrom == null ? null : reuseFrom.get();
        if (cached != null) {
            if (cached.reset(launch.config())) {
                return cached;
            }
            cleanup(cached);
        }
        ClassTrainable fresh = factory.get();
        if (fresh == null) {
            throw new IllegalStateException("the trainable factory returned null; it must return a new ClassTrainable each call");
        }
        fresh.setup(launch.config());
        return fresh;
    }

    private void step(ClassTrainable trainable) throws Exception {
        long start = System.nanoTime();
        Map<String, ?> metrics = trainable.step();
        long nanos = System.nanoTime() - start;
        if (metrics == null) {
            throw new IllegalStateException(trainable.getClass().getName() + ".step() returned null; return a map of metrics (it may be empty)");
        }
        iteration++;
        // posted even when stopping: a save queued behind this step holds its state, so the driver logs it
        postResult(metrics, null, nanos);
    }

    private CheckpointDir save(ClassTrainable trainable, boolean required) throws Exception {
        Path dir = CheckpointFolders.folderFor(launch.trialDir(), iteration);
        Path temp = CheckpointFolders.inProgress(dir);
        try {
            trainable.save(temp);
        } catch (UnsupportedOperationException e) {
            CheckpointFolders.deleteRecursively(temp);
            if (required || trainable.supportsCheckpoints()) {
                throw e;
            }
            return null;
        } catch (IOException e) {
            deleteAfterFailedSave(temp, e);
            throw new IOException("cannot write the checkpoint " + dir + ": " + e.getMessage(), e);
        } catch (Exception | Error e) {
            deleteAfterFailedSave(temp, e);
            throw e;
        }
        return new CheckpointDir(CheckpointFolders.publish(temp, dir));
    }

    /** A save that failed (a full disk) leaves no partial checkpoint behind, and its space is free again. */
    private static void deleteAfterFailedSave(Path temp, Throwable failure) {
        try {
            CheckpointFolders.deleteRecursively(temp);
        } catch (IOException | RuntimeException e) {
            failure.addSuppressed(e);
        }
    }

    private void release(ClassTrainable trainable) {
        CompletableFuture<ClassTrainable> slot;
        synchronized (this) {
            slot = handoff;
        }
        if (slot == null || !slot.complete(trainable)) {
            cleanup(trainable);
        }
    }

    static void cleanup(ClassTrainable trainable) {
        if (trainable == null) {
            return;
        }
        try {
            trainable.cleanup();
        } catch (Exception e) {
            LOG.get().warn("cleanup() of {} failed", trainable.getClass().getName(), e);
        }
    }
}
