package io.jtune.engine.remote;

import io.jtune.engine.exec.EventSink;
import io.jtune.engine.exec.LocalTrialExecutor;
import io.jtune.engine.exec.TrialEvent;
import io.jtune.engine.exec.TrialLaunch;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Runs trials inside a worker JVM on behalf of a remote driver: takes {@link Command}s, runs the
 * trainables with the engine's own workers (the thread executor's code: class API, function API,
 * annotated classes through their adapter, trainable reuse), and hands {@link Event}s to
 * {@code out}. Transport-free: the process worker feeds it from stdin, a cluster worker from its
 * actor's mailbox.
 *
 * <p>{@link #handle} is called from one thread at a time; {@code out} is called from the threads
 * that run trials, possibly at once, and must be thread-safe. A command the host cannot carry out
 * (an unknown class, a trial already running) answers with {@link Event.Failed} and
 * {@link Event.RunEnded}; commands for a trial whose run has ended are ignored. Every result
 * carries where it was computed ({@code pid}, {@code hostname}, {@code node_ip} of this JVM), which
 * the driver keeps instead of its own.
 */
public final class TrialHost implements AutoCloseable {
    private final ClassLoader loader;
    private final Consumer<Event> out;
    private final EventSink sink;
    /** One executor per trainable class and reuse setting. */
    private final Map<String, LocalTrialExecutor> executors = new HashMap<>();
    private final Map<String, LocalTrialExecutor> byTrial = new HashMap<>();

    /** {@code loader} loads the trainable classes named in {@link Command.StartTrial}. */
    public TrialHost(ClassLoader loader, Consumer<Event> out) {
        this.loader = loader;
        this.out = out;
        this.sink = new EventSink() {
            @Override
            public void post(TrialEvent event) {
                Event wire = EventMapping.toWire(event);
                if (wire instanceof Event.Reported r) {
                    WorkerIdentity.addTo(r.metrics());
                }
                out.accept(wire);
            }

            @Override
            public void exited(TrialLaunch launch) {
                out.accept(new Event.RunEnded(launch.trialId(), launch.runId()));
            }
        };
    }

    /** Carries out one command; {@link Command.Shutdown} stops every run (as {@link #close()}), and the caller then exits. */
    public void handle(Command command) {
        if (command instanceof Command.StartTrial start) {
            start(start);
        } else if (command instanceof Command.Continue c) {
            onTrial(c.trialId(), e -> {
                for (int i = 0; i < c.results(); i++) {
                    e.continueTraining(c.trialId());
                }
            });
        } else if (command instanceof Command.Save s) {
            onTrial(s.trialId(), e -> e.save(s.trialId(), s.required()));
        } else if (command instanceof Command.Stop s) {
            LocalTrialExecutor executor = byTrial.remove(s.trialId());
            if (executor != null) {
                executor.stop(s.trialId(), s.reusable());
            }
        } else if (command instanceof Command.Shutdown) {
            close();
        }
    }

    private void start(Command.StartTrial start) {
        try {
            if (byTrial.containsKey(start.trialId())) {
                throw new IllegalStateException("trial " + start.trialId() + " is already running in this worker; stop it before starting it again");
            }
            LocalTrialExecutor executor = executors.computeIfAbsent(start.trainableClass() + "/" + start.reuseTrainables(),
                    k -> new LocalTrialExecutor(TrainableClasses.spec(start.trainableClass(), loader), start.reuseTrainables(), sink));
            executor.start(start.toLaunch());
            byTrial.put(start.trialId(), executor);
        } catch (RuntimeException | LinkageError e) {
            out.accept(new Event.Failed(start.trialId(), start.runId(), ErrorData.of(e)));
            out.accept(new Event.RunEnded(start.trialId(), start.runId()));
        }
    }

    private void onTrial(String trialId, Consumer<LocalTrialExecutor> action) {
        LocalTrialExecutor executor = byTrial.get(trialId);
        if (executor != null) {
            action.accept(executor);
        }
    }

    /** Stops every run, waiting a bounded time for steps in flight, and releases the threads. */
    @Override
    public void close() {
        byTrial.clear();
        for (LocalTrialExecutor executor : new ArrayList<>(executors.values())) {
            executor.close();
        }
        executors.clear();
    }
}
