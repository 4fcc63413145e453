package io.jtune.engine.exec;

import io.jtune.api.ResourceRequest;
import java.util.concurrent.TimeUnit;
/**
 * Runs trainables on behalf of the driver and accounts their resources (Ray Tune's
 * {@code TrialExecutor}). Every method is called by the driver, one call at a time, and returns
 * without waiting for the trainable; what the trainable does comes back as {@link TrialEvent}s from
 * {@link #nextEvent(long, TimeUnit)} (or, for an executor that honours {@link #handleInline}, is
 * offered to the driver on the posting thread first: the driver's calls then come from that
 * thread too, under the driver's lock, while the driver's own thread waits in {@code nextEvent}).
 * Results and checkpoints cross this boundary as data (metric maps, checkpoint paths), so an
 * executor may run trials in other processes or on other machines.
 *
 * <p>Ray Tune's trial-executor operations map as: start / resume / restore = {@link #start} (with
 * {@link TrialLaunch#restoreFrom()}), reset = {@link #start} reusing a stopped trainable (when the
 * executor reuses trainables and {@code reset(config)} accepts), save = {@link #save}, pause =
 * {@link #pause}, stop = {@link #stop}, next event = {@link #nextEvent()}, has resources =
 * {@link #hasResources}.
 */
public interface TrialExecutor extends AutoCloseable {

    /** The resources this executor schedules against. */
    ResourceRequest totals();

    /**
     * Where the trials run, as the progress output names it: {@code threads in this JVM},
     * {@code 2 worker processes}, {@code a cluster of 3 workers}. Called by the driver.
     */
    default String description() {
        return getClass().getSimpleName();
    }

    /** True when the request fits the resources free now. */
    boolean hasResources(ResourceRequest request);

    /** True when the request could ever run, i.e. fits the totals. */
    boolean canEverRun(ResourceRequest request);

    /** The error message when {@link #canEverRun} is false for the request: what is asked, what there is, what to do. */
    default String insufficientResources(ResourceRequest request) {
        return "Insufficient cluster resources to launch trials: each trial requests " + request + " but the machine has only " + totals()
                + " in total. Lower Tuner.resources(...) or declare what the machine has with Tuner.machineResources(...).";
    }

    /**
     * Commits the launch's resources and starts training: set up (or reset) a trainable, restore
     * {@link TrialLaunch#restoreFrom()} when given, then run the first step.
     *
     * @throws IllegalStateException when the resources are not free or the trial already runs
     */
    void start(TrialLaunch launch);

    /** Lets a running trial take its next step after the driver has decided on its last result. */
    void continueTraining(String trialId);

    /**
     * Asks a running trial to save a checkpoint into {@code checkpoint_<iteration>} of its folder
     * after what it is doing now; answered by a {@link TrialEvent.Saved} (or a
     * {@link TrialEvent.Failed}). {@code required} saves fail the trial when the trainable cannot
     * save; others answer with a null checkpoint.
     */
    void save(String trialId, boolean required);

    /** Saves (not required, see {@link #save}) and then stops the trial, keeping its trainable for reuse. */
    default void pause(String trialId) {
        save(trialId, false);
        stop(trialId, true);
    }

    /**
     * Ends the trial's run once the commands already given are done, releasing its resources now.
     * {@code reusable}: the trainable may be kept and handed the next trial's config through
     * {@code reset}. Unknown or already stopped trials are ignored.
     */
    void stop(String trialId, boolean reusable);

    /**
     * Waits at most {@code timeout} for the next event. Returns null when none came in that time
     * ({@link #hasPendingEvents()} is then still true), as soon as an event handled inline asks to
     * wake the driver, or when every run has ended and no event is left ({@link #hasPendingEvents()}
     * is false). Must return within about the timeout whatever the trainables do: the driver's
     * time-based work depends on it.
     */
    TrialEvent nextEvent(long timeout, TimeUnit unit) throws InterruptedException;

    /** Waits as long as it takes for the next event; null when every run has ended and no event is left. */
    default TrialEvent nextEvent() throws InterruptedException {
        while (true) {
            TrialEvent event = nextEvent(1, TimeUnit.MINUTES);
            if (event != null || !hasPendingEvents()) {
                return event;
            }
        }
    }

    /**
     * The driver gave up on the trial's run ({@code reason} says why, e.g. it stalled): end it now
     * however the executor can (kill its process), release its resources at once, and never post
     * an event of that run again (late ones are ignored by run id anyway). An executor that cannot
     * end the run (a thread in this JVM) leaves it running, says so naming the trial, and names it
     * again at {@link #close()} if it is still running then. Unknown or stopped trials are ignored.
     */
    default void abandon(String trialId, String reason) {
        stop(trialId, false);
    }

    /**
     * Offers each event to {@code handler} on the thread that posts it, before queueing it for
     * {@link #nextEvent}; null stops the offers. An executor whose events come from other processes
     * ignores it (the default): their reader threads are not worth the driver's work.
     */
    default void handleInline(InlineHandler handler) {
    }

    /**
     * Makes a driver waiting in {@link #nextEvent} return null at once, from any thread, so it
     * carries out what was asked of it from outside (a steering request). The default does nothing:
     * the driver then sees the request at its next event or within the timeout.
     */
    default void wakeDriver() {
    }

    /**
     * How far runs go ahead of the driver's decisions when the experiment asks for no result buffer
     * ({@code Tuner.resultBuffer}): {@link RunAhead#NONE} (the default) where a decision is cheap, a
     * window where each result crosses to another process. Used only where buffering is safe (see
     * {@code io.jtune.engine.runner.ResultBuffer}); the experiment's checkpoint frequency replaces its own.
     */
    default RunAhead defaultRunAhead() {
        return RunAhead.NONE;
    }

    /** True while a started run or an outstanding command may still post an event. */
    boolean hasPendingEvents();

    /**
     * Stops every run and releases the workers; waits a bounded time for steps in flight, then ends
     * what it can and names (by trial) every run still going.
     */
    @Override
    void close();
}
