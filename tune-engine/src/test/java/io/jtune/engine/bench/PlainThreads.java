package io.jtune.engine.bench;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/** The floor of the sleeping-step benchmarks: tasks on a fixed pool of plain threads, one task a trial, waited for. */
final class PlainThreads {
    /** One trial's work. */
    interface Task {
        void run() throws InterruptedException;
    }

    private PlainThreads() {
    }

    /** Runs {@code tasks} times {@code task} on {@code threads} threads and returns when all have ended. */
    static void run(int threads, int tasks, Task task) throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        for (int t = 0; t < tasks; t++) {
            pool.execute(() -> {
                try {
                    task.run();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        }
        pool.shutdown();
        if (!pool.awaitTermination(1, TimeUnit.HOURS)) {
            throw new IllegalStateException("plain threads did not finish");
        }
    }
}
