package io.jtune.engine.runner;

import io.jtune.api.ResourceRequest;
import io.jtune.engine.exec.ResourcePool;
import io.jtune.engine.exec.TrialEvent;
import io.jtune.engine.exec.TrialExecutor;
import io.jtune.engine.exec.TrialLaunch;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Deterministic mode's physical side: the runner starts and continues trials as the logical
 * schedule says (up to its width at once), and this gate lets at most {@code slots} of those steps
 * compute at once. A start or continue beyond that waits, in the order given, until a step ends
 * (its result, end or failure arrives). Any other command for a trial (save, pause, stop, abandon)
 * first sends the trial's waiting step on, so every trial gets the same commands in the same order
 * whatever the number of slots: fewer slots only take longer. {@code sent} hears of each step sent
 * on (the trial's stall clock starts there, not while its step waits). Resources are accounted in
 * logical time too: a trial holds its request from its start to its stop, whether its step was sent
 * on or not, so {@link #hasResources} answers the same at any number of slots and a waiting start
 * always finds its resources free when it is sent. Driver thread only.
 */
final class StepGate implements TrialExecutor {
    /** A start ({@code launch} given) or a continue of the trial, not yet sent on. */
    private record Step(String trialId, TrialLaunch launch) {
    }

    /** What a started trial holds in logical time. */
    private record Held(ResourceRequest resources, List<Integer> gpuIds) {
    }

    private final TrialExecutor inner;
    private final int slots;
    private final Consumer<String> sent;
    private final ArrayDeque<Step> waiting = new ArrayDeque<>();
    /** Trials with a step computing, to the run id whose event ends it. */
    private final Map<String, Long> computing = new HashMap<>();
    /** Each started trial's latest run id. */
    private final Map<String, Long> runIds = new HashMap<>();
    /** The started trials' resources, from their start to their stop; made at first use, against the totals then. */
    private ResourcePool logical;
    private final Map<String, Held> held = new HashMap<>();

    StepGate(TrialExecutor inner, int slots, Consumer<String> sent) {
        this.inner = inner;
        this.slots = slots;
        this.sent = sent;
    }

    @Override
    public ResourceRequest totals() {
        return inner.totals();
    }

    @Override
    public String description() {
        return inner.description();
    }

    @Override
    public boolean hasResources(ResourceRequest request) {
        return logical().hasFree(request) && inner.hasResources(request);
    }

    @Override
    public boolean canEverRun(ResourceRequest request) {
        return inner.canEverRun(request);
    }

    @Override
    public String insufficientResources(ResourceRequest request) {
        return inner.insufficientResources(request);
    }

    @Override
    public void start(TrialLaunch launch) {
        runIds.put(launch.trialId(), launch.runId());
        held.put(launch.trialId(), new Held(launch.resources(), logical().commit(launch.resources())));
        waiting.add(new Step(launch.trialId(), launch));
        release();
    }

    @Override
    public void continueTraining(String trialId) {
        waiting.add(new Step(trialId, null));
        release();
    }

    @Override
    public void save(String trialId, boolean required) {
        sendOnWaiting(trialId);
        inner.save(trialId, required);
    }

    @Override
    public void pause(String trialId) {
        sendOnWaiting(trialId);
        inner.pause(trialId);
        ended(trialId);
    }

    @Override
    public void stop(String trialId, boolean reusable) {
        sendOnWaiting(trialId);
        inner.stop(trialId, reusable);
        ended(trialId);
    }

    @Override
    public void abandon(String trialId, String reason) {
        sendOnWaiting(trialId);
        inner.abandon(trialId, reason);
        ended(trialId);
    }

    @Override
    public TrialEvent nextEvent(long timeout, TimeUnit unit) throws InterruptedException {
        TrialEvent event = inner.nextEvent(timeout, unit);
        if (event != null && !(event instanceof TrialEvent.Saved) && computing.remove(event.trialId(), event.runId())) {
            release();
        }
        return event;
    }

    /** True while a step sent to the trial has not ended: only then can it stall (a step waiting for a slot computes nothing). */
    boolean computing(String trialId) {
        return computing.containsKey(trialId);
    }

    @Override
    public boolean hasPendingEvents() {
        return inner.hasPendingEvents() || !waiting.isEmpty();
    }

    @Override
    public void wakeDriver() {
        inner.wakeDriver();
    }

    @Override
    public void close() {
        waiting.clear();
        inner.close();
    }

    /** The trial's run ended on the driver's word: its slot is free now (a step it still finishes is not waited for). */
    private void ended(String trialId) {
        Held h = held.remove(trialId);
        if (h != null) {
            logical().release(h.resources(), h.gpuIds());
        }
        computing.remove(trialId);
        release();
    }

    private ResourcePool logical() {
        if (logical == null) {
            logical = new ResourcePool(inner.totals());
        }
        return logical;
    }

    private void sendOnWaiting(String trialId) {
        for (Iterator<Step> it = waiting.iterator(); it.hasNext(); ) {
            Step step = it.next();
            if (step.trialId().equals(trialId)) {
                it.remove();
                send(step);
            }
        }
    }

    private void release() {
        while (computing.size() < slots && !waiting.isEmpty()) {
            send(waiting.poll());
        }
    }

    private void send(Step step) {
        computing.put(step.trialId(), runIds.get(step.trialId()));
        sent.accept(step.trialId());
        if (step.launch() != null) {
            inner.start(step.launch());
        } else {
            inner.continueTraining(step.trialId());
        }
    }
}
