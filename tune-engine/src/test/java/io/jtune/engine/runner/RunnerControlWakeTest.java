package io.jtune.engine.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.api.ResourceRequest;
import io.jtune.api.TrialStatus;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.TrialView;
import io.jtune.api.trainable.ClassTrainable;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.Tuner;
import io.jtune.engine.exec.LocalTrialExecutor;
import io.jtune.engine.exec.TrialExecutor;
import io.jtune.engine.stop.Stoppers;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@link RunnerControl} request wakes a driver that waits for events: it is carried out while no
 * trial reports anything (results decided on trials' threads leave the driver waiting).
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class RunnerControlWakeTest {
    private static final ResourceRequest ONE_CPU = new ResourceRequest(1, 0, 1L << 30, Map.of());
    private static final CountDownLatch STARTED = new CountDownLatch(1);
    private static final CountDownLatch RELEASE = new CountDownLatch(1);

    @TempDir
    Path storage;

    /** Its first step waits until the test releases it. */
    public static final class Blocking implements ClassTrainable {
        @Override
        public void setup(Config config) {
        }

        @Override
        public Map<String, ?> step() throws InterruptedException {
            STARTED.countDown();
            RELEASE.await();
            return Map.of("score", 1.0);
        }
    }

    /** Hands the control and the started trial's id to the test. */
    private static final class Steerer implements Callback, RunnerControl.Steering {
        final CompletableFuture<RunnerControl> control = new CompletableFuture<>();
        final CompletableFuture<String> started = new CompletableFuture<>();

        @Override
        public void attach(RunnerControl control) {
            this.control.complete(control);
        }

        @Override
        public void onTrialStart(TrialView trial) {
            started.complete(trial.id());
        }
    }

    /** The threads executor, except that the driver's waits for events last an hour: only an event or a wake ends one. */
    private static TrialExecutor withoutTicks(TrialExecutor local) {
        return (TrialExecutor) Proxy.newProxyInstance(TrialExecutor.class.getClassLoader(), new Class<?>[] {TrialExecutor.class}, (proxy, method, args) -> {
            if (method.getName().equals("nextEvent") && method.getParameterCount() == 2) {
                args = new Object[] {1L, TimeUnit.HOURS};
            }
            try {
                return method.invoke(local, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        });
    }

    @Test
    void aStopRequestIsCarriedOutWhileTheOnlyTrialComputes() throws Exception {
        Steerer steerer = new Steerer();
        Tuner tuner = Tuner.of(Blocking.class).name("steered").storagePath(storage).numSamples(1).stop(Stoppers.maximumIteration(3))
                .machineResources(ONE_CPU).callbacks(steerer).progress(false).outputFiles(false)
                .executor(spec -> withoutTicks(new LocalTrialExecutor(spec.trainable(), spec.machine(), false)));
        CompletableFuture<ResultGrid> fit = CompletableFuture.supplyAsync(tuner::fit);
        RunnerControl control = steerer.control.get(30, TimeUnit.SECONDS);
        String trialId = steerer.started.get(30, TimeUnit.SECONDS);
        assertTrue(STARTED.await(30, TimeUnit.SECONDS), "the trial's step began");

        // the driver waits for an event no trial posts while the step blocks: only the request's wake lets it stop the trial
        TrialStatus status = control.stopTrial(trialId).get(30, TimeUnit.SECONDS);
        RELEASE.countDown();

        assertEquals(TrialStatus.TERMINATED, status);
        ResultGrid grid = fit.get(30, TimeUnit.SECONDS);
        assertEquals(1, grid.numTerminated());
    }
}
