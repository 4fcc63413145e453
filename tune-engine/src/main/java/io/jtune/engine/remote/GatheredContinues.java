package io.jtune.engine.remote;

import io.jtune.engine.exec.RunAhead;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The driver's answers to the results of remote runs, gathered so that a run with a result buffer
 * ({@link RunAhead}) gets one {@link Command.Continue} for several results instead of a message
 * each. A run without a buffer is answered at once (it waits for that answer). A buffered run's
 * answers go out once half its buffer is answered, before any other command for its trial (call
 * {@link #flush} first, so a save or stop keeps its place behind them), and whenever the driver is
 * about to wait for events ({@link #flushAll}), so a worker never waits on an answer the driver
 * holds. Driver thread only.
 */
public final class GatheredContinues {
    private final Consumer<Command.Continue> send;
    /** Per trial, the answers not sent yet. */
    private final Map<String, int[]> gathered = new HashMap<>();

    /** {@code send} hands a command to the trial's worker. */
    public GatheredContinues(Consumer<Command.Continue> send) {
        this.send = send;
    }

    /** The driver has decided on the trial's oldest unanswered result. */
    public void answer(String trialId, RunAhead runAhead) {
        if (runAhead.results() == 1) {
            send.accept(new Command.Continue(trialId, 1));
            return;
        }
        int[] count = gathered.computeIfAbsent(trialId, id -> new int[1]);
        if (++count[0] >= (runAhead.results() + 1) / 2) {
            flush(trialId);
        }
    }

    /** Sends the trial's gathered answers, if any. */
    public void flush(String trialId) {
        int[] count = gathered.remove(trialId);
        if (count != null) {
            send.accept(new Command.Continue(trialId, count[0]));
        }
    }

    /** Sends every trial's gathered answers. */
    public void flushAll() {
        if (gathered.isEmpty()) {
            return;
        }
        gathered.forEach((trialId, count) -> send.accept(new Command.Continue(trialId, count[0])));
        gathered.clear();
    }

    /** Forgets the trial's gathered answers: its run is gone. */
    public void drop(String trialId) {
        gathered.remove(trialId);
    }
}
