package io.jtune.engine.exec;

import io.jtune.api.trainable.ClassTrainable;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Trainables of stopped trials kept for the next trials (Ray Tune's {@code reuse_actors}). The
 * driver reserves a slot when it stops a trial, so the next start finds it at once; the stopping
 * worker fills the slot with its trainable when it is done (or with null when it cannot be reused),
 * and the next worker waits for that on its own thread. Holds at most as many slots as trials
 * ever ran at once. The driver's only (one call at a time, under the runner's lock).
 */
final class TrainableCache {
    private final ArrayDeque<CompletableFuture<ClassTrainable>> slots = new ArrayDeque<>();
    private int capacity = 1;

    /** Raises the capacity to the number of trainables running now. */
    void noteRunning(int running) {
        capacity = Math.max(capacity, running);
    }

    /** A new slot for a stopping trainable, or null when the cache is full. */
    CompletableFuture<ClassTrainable> reserve() {
        if (slots.size() >= capacity) {
            return null;
        }
        CompletableFuture<ClassTrainable> slot = new CompletableFuture<>();
        slots.add(slot);
        return slot;
    }

    /** The oldest slot (its trainable may still be on its way), or null. */
    CompletableFuture<ClassTrainable> poll() {
        return slots.poll();
    }

    /** Removes and returns every slot. */
    List<CompletableFuture<ClassTrainable>> drain() {
        List<CompletableFuture<ClassTrainable>> all = new ArrayList<>(slots);
        slots.clear();
        return all;
    }
}
