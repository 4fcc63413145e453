package io.jtune.api.trainable;

import io.jtune.api.ResourceRequest;
import java.nio.file.Path;
import java.util.List;

/**
 * What a running trial may know about itself: its id, its folder, the resources and the GPUs the
 * executor gave it. A function trainable has it as its {@link Session}; any trainable (class API or a
 * {@code @Trainable} class, e.g. in its {@code @Setup} method) reads it with {@link #current()}
 * from the thread the executor runs it on.
 */
public interface TrialContext {

    /** The trial's id. */
    String trialId();

    /** The trial's own folder, for any files the trainable wants to keep (may be used as scratch space). */
    Path trialDir();

    /**
     * The machine's indices of the GPUs this trial was given (as listed by {@code nvidia-smi}): its
     * whole GPUs ascending, then the one its fractional part shares; empty when it asked for none.
     * Whole GPUs are never given to two trials at once; a fractional request shares one GPU with
     * other fractional requests. In a trial process the same indices are in {@code CUDA_VISIBLE_DEVICES}.
     */
    default List<Integer> gpuIds() {
        return List.of();
    }

    /**
     * The resources this run of the trial was started with (CPUs, GPUs, memory, custom). They stay
     * the same for the whole run; a scheduler that changes a trial's resources (such as the
     * {@code ResourceChangingScheduler}) pauses it and restarts it from a checkpoint with the new
     * ones, so a trainable that sizes its work by them (threads, batch size) reads them in its
     * setup (and, when trainables are reused, in its reset) or in each step. The default, for
     * contexts outside an executor, is one CPU.
     */
    default ResourceRequest resources() {
        return ResourceRequest.DEFAULT;
    }

    /**
     * The context of the trial whose code runs on the calling thread (in setup, restore, a step, a
     * save or a train function).
     *
     * @throws IllegalStateException when called from a thread that runs no trial
     */
    static TrialContext current() {
        TrialContext context = Binding.CURRENT.get();
        if (context == null) {
            throw new IllegalStateException("TrialContext.current() was called from thread " + Thread.currentThread().getName()
                    + ", which runs no trial; call it from the trainable's setup, step, save or train function");
        }
        return context;
    }

    /** For executors: binds a trial's context to the thread that runs its code. */
    final class Binding {
        private static final ThreadLocal<TrialContext> CURRENT = new ThreadLocal<>();

        private Binding() {
        }

        /** Makes {@code context} the calling thread's {@link #current()} until {@link #clear()}. */
        public static void bind(TrialContext context) {
            CURRENT.set(context);
        }

        /** Ends the calling thread's binding. */
        public static void clear() {
            CURRENT.remove();
        }
    }
}
