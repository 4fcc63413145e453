package io.jtune.engine.testing;

import io.jtune.engine.exec.TrialEvent;
import io.jtune.engine.exec.TrialExecutor;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** The driver's side of an executor in tests: a wait for events that only an event or a wake can end. */
public final class DriverWaits {
    private DriverWaits() {
    }

    /**
     * Waits for the executor's next event for an hour on another thread, wakes the driver
     * ({@link TrialExecutor#wakeDriver}) and returns what the wait returned; a
     * {@link TimeoutException} after 60 s when the wake did not end it.
     */
    public static TrialEvent nextEventAfterAWake(TrialExecutor executor) throws InterruptedException, ExecutionException, TimeoutException {
        CompletableFuture<TrialEvent> wait = CompletableFuture.supplyAsync(() -> {
            try {
                return executor.nextEvent(1, TimeUnit.HOURS);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        executor.wakeDriver();
        return wait.get(60, TimeUnit.SECONDS);
    }
}
