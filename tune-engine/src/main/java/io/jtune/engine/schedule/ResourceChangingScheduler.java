package io.jtune.engine.schedule;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.jtune.api.ResourceRequest;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.TuneException;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.api.spi.RunnerView;
import io.jtune.api.spi.TrialScheduler;
import io.jtune.api.spi.TrialView;
import io.jtune.engine.json.Json;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Changes the resources of live trials as the run goes (Ray Tune's {@code ResourceChangingScheduler}):
 * wraps a scheduler that decides as usual (ASHA, FIFO, ...) and, after each result that scheduler
 * lets continue, asks a {@link ResourceAllocation} (default {@link DistributeResources#evenly()})
 * what the trial should have. A different request pauses the trial: it saves a checkpoint and
 * releases its resources, and is started again from that checkpoint with the new request ahead of
 * the wrapped scheduler's choice, as soon as the request fits. The trainable reads its resources from
 * {@code TrialContext.current().resources()} (in its setup, its reset when trainables are reused, or
 * each step), so it must save and restore its state. Every trial must start with the same request
 * (the first trial's is the base). Its state (the wrapped scheduler's, the base request, the trials
 * waiting to restart) is saved for resume; the trials' changed requests are saved with them.
 *
 * <pre>{@code
 * Tuner.of(MyTrainable.class).scheduler(new ResourceChangingScheduler(AsyncHyperBandScheduler.builder().maxT(27).build()))
 * }</pre>
 */
public final class ResourceChangingScheduler implements TrialScheduler {
    private static final String NAME = "ResourceChangingScheduler";

    private final TrialScheduler base;
    private final ResourceAllocation allocation;
    private ResourceRequest baseResources;
    /** Trials paused to restart with a new request, by id, in the order paused; the view is null until looked up after a restore. */
    private final Map<String, TrialView> resizing = new LinkedHashMap<>();

    /** Wraps {@code base}, sharing the free resources out with {@link DistributeResources#evenly()}. */
    public ResourceChangingScheduler(TrialScheduler base) {
        this(base, DistributeResources.evenly());
    }

    /** Wraps {@code base}, sizing trials with {@code allocation}. */
    public ResourceChangingScheduler(TrialScheduler base, ResourceAllocation allocation) {
        this.base = Objects.requireNonNull(base, NAME + ": the scheduler to wrap");
        this.allocation = Objects.requireNonNull(allocation, NAME + ": the resource allocation");
    }

    /** The scheduler whose decisions this one follows. */
    public TrialScheduler base() {
        return base;
    }

    @Override
    public void setup(ExperimentInfo experiment) {
        base.setup(experiment);
        allocation.setup(experiment);
    }

    @Override
    public void onTrialAdd(RunnerView runner, TrialView trial) {
        // a trial with results may have been resized already (one re-added by a resume)
        if (trial.lastResult() == null && baseResources == null) {
            baseResources = trial.resources();
        } else if (trial.lastResult() == null && !trial.resources().equals(baseResources)) {
            throw new IllegalArgumentException(NAME + " needs every trial to start with the same resources: the first asked for " + baseResources
                    + ", trial " + trial.name() + " asks for " + trial.resources() + "; give all trials the same Tuner.resources(...)");
        }
        base.onTrialAdd(runner, trial);
    }

    @Override
    public Decision onTrialResult(RunnerView runner, TrialView trial, Result result) {
        Decision decision = base.onTrialResult(runner, trial, result);
        if (decision != Decision.CONTINUE) {
            return decision;
        }
        ResourceRequest wanted = allocation.allocate(runner, trial, result, baseResources);
        if (wanted == null || wanted.equals(trial.resources())) {
            return Decision.CONTINUE;
        }
        runner.changeResources(trial, wanted);
        resizing.put(trial.id(), trial);
        return Decision.PAUSE;
    }

    @Override
    public void onTrialComplete(RunnerView runner, TrialView trial, Result result) {
        resizing.remove(trial.id());
        base.onTrialComplete(runner, trial, result);
    }

    @Override
    public void onTrialError(RunnerView runner, TrialView trial) {
        resizing.remove(trial.id());
        base.onTrialError(runner, trial);
    }

    @Override
    public void onTrialRemove(RunnerView runner, TrialView trial) {
        resizing.remove(trial.id());
        base.onTrialRemove(runner, trial);
    }

    /** A resized trial whose new request fits, else the wrapped scheduler's choice. */
    @Override
    public TrialView chooseTrialToRun(RunnerView runner) {
        if (!resizing.isEmpty()) {
            lookUpRestored(runner);
            for (Iterator<TrialView> it = resizing.values().iterator(); it.hasNext(); ) {
                TrialView trial = it.next();
                if (trial.status() == TrialStatus.PAUSED) {
                    if (runner.hasResources(trial.resources())) {
                        return trial;
                    }
                } else {
                    it.remove(); // restarted (or finished): its change is done
                }
            }
        }
        return base.chooseTrialToRun(runner);
    }

    /** After a restore the waiting trials are known by id only. */
    private void lookUpRestored(RunnerView runner) {
        if (!resizing.containsValue(null)) {
            return;
        }
        for (TrialView t : runner.trials()) {
            resizing.replace(t.id(), null, t);
        }
        resizing.values().removeIf(Objects::isNull);
    }

    /** What {@link #saveState} writes. */
    record State(JsonNode base, ResourceRequest baseResources, List<String> resizing) {
    }

    @Override
    public String saveState() {
        try {
            JsonNode wrapped = Json.mapper().readTree(base.saveState());
            return Json.writeState(NAME, new State(wrapped, baseResources, new ArrayList<>(resizing.keySet())));
        } catch (JsonProcessingException e) {
            throw new TuneException(NAME + ": the wrapped scheduler " + base.getClass().getName() + " saved a state that is not JSON: " + e.getOriginalMessage(), e);
        }
    }

    @Override
    public void restoreState(String json) {
        State state = Json.readState(NAME, json, State.class);
        base.restoreState(state.base() == null ? "{}" : state.base().toString());
        if (state.baseResources() != null) {
            baseResources = state.baseResources();
        }
        resizing.clear();
        if (state.resizing() != null) {
            state.resizing().forEach(id -> resizing.put(id, null));
        }
    }

    @Override
    public boolean reachedFullBudget(Result last) {
        return base.reachedFullBudget(last);
    }

    @Override
    public String debugString() {
        return NAME + " over " + base.debugString();
    }
}
