package io.jtune.engine.schedule;

import io.jtune.api.Config;
import io.jtune.api.Mode;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.api.TuneException;
import io.jtune.api.space.Domain;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.api.spi.RunnerView;
import io.jtune.api.spi.TrialScheduler;
import io.jtune.api.spi.TrialView;
import io.jtune.api.trainable.CheckpointDir;
import io.jtune.engine.json.Json;
import io.jtune.engine.log.LazyLogger;
import io.jtune.engine.trial.FourDigits;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

/**
 * Population Based Training (https://arxiv.org/abs/1711.09846), as Ray Tune's
 * {@code PopulationBasedTraining}. Trainables must save and restore checkpoints.
 *
 * <p>A trial is considered when {@code timeAttr} passed {@code burnInPeriod} and advanced
 * {@code perturbationInterval} since its last perturbation. The live trials with a score are then
 * ranked: {@code k = ceil(n * quantileFraction)} (at most {@code n / 2}) form the bottom and the
 * top quantile. A top trial saves a checkpoint ({@link RunnerView#saveCheckpoint}; a paused one
 * hands over the checkpoint it paused with). A bottom trial
 * exploits a top trial drawn at random: it takes that trial's checkpoint and its config explored by
 * the {@link PbtMutation}s and the custom explore function ({@link RunnerView#exploit}, decision
 * PAUSE), and is tagged {@code <tag>@perturbed[<param>=<value>,...]}. Otherwise the trial PAUSEs
 * when another trial waits (so the population shares the resources) and CONTINUEs if none does.
 * With {@code synch}, trials pause at each perturbation time until the whole population is there,
 * then all are ranked at once. {@link #chooseTrialToRun} runs the waiting trial with the least
 * progress. Exploits are logged to {@code pbt_global.txt} and {@code pbt_policy_<trial_id>.txt}.
 * All random draws come from the experiment seed.
 */
public final class PopulationBasedTraining implements TrialScheduler {
    private static final LazyLogger LOG = new LazyLogger(PopulationBasedTraining.class);
    private static final String NAME = "PopulationBasedTraining";

    private final String timeAttr;
    private final String metric;
    private final Mode mode;
    private final double perturbationInterval;
    private final double burnInPeriod;
    private final Map<String, PbtMutation> declaredMutations;
    private final List<String> spaceMutations;
    private final double quantileFraction;
    private final double resampleProbability;
    private final List<Double> perturbationFactors;
    private final UnaryOperator<Config> customExplore;
    private final boolean logConfig;
    private final boolean requireAttrs;
    private final boolean synch;
    private final String name;
    /** The explore strategy given at build time (PB2's), or null to build PBT's mutations in setup. */
    private final PbtExploreStrategy givenStrategy;
    private final Map<String, TrialState> states = new LinkedHashMap<>();
    private MetricTarget target;
    private SeededRandom random;
    private PbtExploreStrategy explorer;
    private PbtPolicyLog policyLog;
    private double nextPerturbationSync;
    private int numCheckpoints;
    private int numPerturbations;
    private boolean warnedMissingAttrs;

    /** What PBT tracks of each trial (Ray's {@code _PBTTrialState}). */
    static final class TrialState {
        final String origTag;
        Double lastScore;
        CheckpointDir lastCheckpoint;
        double lastPerturbationTime;
        double lastTrainTime;
        long lastIteration;

        TrialState(String origTag) {
            this.origTag = origTag;
        }
    }

    /** The bottom and top quantiles, worst first. */
    record Quantiles(List<TrialView> lower, List<TrialView> upper) {
        boolean inUpper(TrialView t) {
            return upper.stream().anyMatch(u -> u.id().equals(t.id()));
        }

        boolean inLower(TrialView t) {
            return lower.stream().anyMatch(l -> l.id().equals(t.id()));
        }
    }

    private PopulationBasedTraining(Builder b, String name, PbtExploreStrategy strategy) {
        this.name = name;
        this.givenStrategy = strategy;
        this.timeAttr = b.timeAttr;
        this.metric = b.metric;
        this.mode = b.mode;
        this.perturbationInterval = b.perturbationInterval;
        this.burnInPeriod = b.burnInPeriod;
        this.declaredMutations = new LinkedHashMap<>(b.mutations);
        this.spaceMutations = List.copyOf(b.spaceMutations);
        this.quantileFraction = b.quantileFraction;
        this.resampleProbability = b.resampleProbability;
        this.perturbationFactors = List.copyOf(b.perturbationFactors);
        this.customExplore = b.customExplore;
        this.logConfig = b.logConfig;
        this.requireAttrs = b.requireAttrs;
        this.synch = b.synch;
        this.nextPerturbationSync = Math.max(perturbationInterval, burnInPeriod);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Resolves the metric and the mutations named by parameter against the experiment's search space. */
    @Override
    public void setup(ExperimentInfo experiment) {
        target = MetricTarget.resolve(metric, mode, experiment, name);
        random = new SeededRandom(experiment.seedFor(name));
        if (logConfig && experiment.dir() == null) {
            throw new IllegalStateException(name + ": the experiment has no folder to write pbt_global.txt and pbt_policy_<trial_id>.txt into; "
                    + "give it a storage path, or build the scheduler with logConfig(false)");
        }
        policyLog = logConfig ? new PbtPolicyLog(experiment.dir()) : null;
        if (givenStrategy != null) {
            explorer = givenStrategy;
            return;
        }
        Map<String, PbtMutation> mutations = new LinkedHashMap<>();
        Map<String, Domain> domains = experiment.space().domains();
        for (String path : spaceMutations) {
            Domain domain = domains.get(path);
            if (domain == null) {
                throw new IllegalArgumentException(name + ": mutations names '" + path + "', which is not a sampled parameter of the search space; "
                        + (domains.isEmpty() ? "the space has none" : "its parameters are " + domains.keySet()) + " (a nested one is named like \"model/lr\")");
            }
            mutations.put(path, PbtMutation.forParameter(path, domain));
        }
        mutations.putAll(declaredMutations);
        explorer = new PbtExplorer(mutations, resampleProbability, perturbationFactors, customExplore);
    }

    @Override
    public void onTrialAdd(RunnerView runner, TrialView trial) {
        if (explorer == null) {
            throw new IllegalStateException(name + ": setup(ExperimentInfo) must be called before the first trial is added");
        }
        for (String path : explorer.paths()) {
            if (!trial.config().has(path)) {
                throw new TuneException(name + ": trial " + trial.id() + " has no parameter '" + path + "' to mutate; its config has "
                        + trial.config().flatten().keySet() + ". Add '" + path + "' to the search space (a @Param field) or remove it from the mutations");
            }
        }
        states.putIfAbsent(trial.id(), new TrialState(trial.experimentTag()));
    }

    @Override
    public Decision onTrialResult(RunnerView runner, TrialView trial, Result result) {
        if (!result.has(timeAttr) || !result.has(target.metric())) {
            return onMissingAttrs(trial, result);
        }
        double time = result.getDouble(timeAttr);
        TrialState state = stateOf(trial);
        if (time < burnInPeriod || time - state.lastPerturbationTime < perturbationInterval) {
            return Decision.CONTINUE;
        }
        state.lastScore = target.score(result);
        explorer.onScore(trial, time, state.lastScore);
        state.lastTrainTime = time;
        state.lastIteration = result.trainingIteration();
        return synch ? onSynchronousPerturbation(runner, trial, time) : onAsynchronousPerturbation(runner, trial, state, time);
    }

    private Decision onMissingAttrs(TrialView trial, Result result) {
        String missing = result.has(timeAttr) ? "metric '" + target.metric() + "'" : "time attribute '" + timeAttr + "'";
        String message = name + ": the result of trial " + trial.id() + " has no " + missing + " (it reports " + result.asMap().keySet() + ")";
        if (requireAttrs) {
            throw new TuneException(message + "; report it, or build the scheduler with requireAttrs(false) to ignore such results");
        }
        if (!warnedMissingAttrs) {
            warnedMissingAttrs = true;
            LOG.get().warn("{}; such results are ignored", message);
        }
        return Decision.CONTINUE;
    }

    private Decision onAsynchronousPerturbation(RunnerView runner, TrialView trial, TrialState state, double time) {
        state.lastPerturbationTime = time;
        Quantiles quantiles = quantiles(runner);
        boolean othersWait = runner.trials().stream()
                .anyMatch(t -> !t.id().equals(trial.id()) && (t.status() == TrialStatus.PENDING || t.status() == TrialStatus.PAUSED));
        boolean exploited = checkpointOrExploit(runner, trial, quantiles);
        return exploited || othersWait ? Decision.PAUSE : Decision.CONTINUE;
    }

    private Decision onSynchronousPerturbation(RunnerView runner, TrialView trial, double time) {
        boolean othersBehind = runner.trials().stream()
                .anyMatch(t -> !t.id().equals(trial.id()) && !t.status().isFinished() && stateOf(t).lastTrainTime < nextPerturbationSync);
        if (othersBehind) {
            LOG.get().debug("{}: trial {} waits at {}={} for the population", name, trial.id(), timeAttr, time);
            return Decision.PAUSE;
        }
        Quantiles quantiles = quantiles(runner);
        List<TrialView> order = new ArrayList<>(quantiles.upper());
        runner.trials().stream().filter(t -> states.containsKey(t.id()) && !quantiles.inUpper(t) && !quantiles.inLower(t)).forEach(order::add);
        order.addAll(quantiles.lower());
        for (TrialView t : order) {
            stateOf(t).lastPerturbationTime = time;
            checkpointOrExploit(runner, t, quantiles);
        }
        double maxTrainTime = states.values().stream().mapToDouble(s -> s.lastTrainTime).max().orElse(0);
        nextPerturbationSync = Math.max(nextPerturbationSync + perturbationInterval, maxTrainTime);
        LOG.get().debug("{}: next synchronous perturbation at {}={}", name, timeAttr, nextPerturbationSync);
        return Decision.PAUSE;
    }

    /** The live trials with a score, ranked; empty quantiles when fewer than two. */
    Quantiles quantiles(RunnerView runner) {
        List<TrialView> scored = new ArrayList<>();
        for (TrialView t : runner.trials()) {
            TrialState s = states.get(t.id());
            if (s != null && s.lastScore != null && !t.status().isFinished()) {
                scored.add(t);
            }
        }
        scored.sort(Comparator.comparingDouble(t -> states.get(t.id()).lastScore));
        if (scored.size() <= 1) {
            return new Quantiles(List.of(), List.of());
        }
        int k = (int) Math.ceil(scored.size() * quantileFraction);
        if (k > scored.size() / 2.0) {
            k = scored.size() / 2;
        }
        return new Quantiles(List.copyOf(scored.subList(0, k)), List.copyOf(scored.subList(scored.size() - k, scored.size())));
    }

    /** A top trial saves a checkpoint; a bottom one exploits a top one. True when {@code trial} was exploited. */
    private boolean checkpointOrExploit(RunnerView runner, TrialView trial, Quantiles quantiles) {
        TrialState state = stateOf(trial);
        if (quantiles.inUpper(trial)) {
            state.lastCheckpoint = runner.saveCheckpoint(trial);
            numCheckpoints++;
        } else {
            state.lastCheckpoint = null;
        }
        if (!quantiles.inLower(trial)) {
            return false;
        }
        TrialView clone = random.choice(quantiles.upper());
        TrialState cloneState = stateOf(clone);
        if (cloneState.lastCheckpoint == null) {
            LOG.get().info("[pbt]: no checkpoint for trial {}. Skip exploit for trial {}", clone.id(), trial.id());
            return false;
        }
        exploit(runner, trial, state, clone, cloneState);
        return true;
    }

    private void exploit(RunnerView runner, TrialView trial, TrialState state, TrialView clone, TrialState cloneState) {
        LOG.get().info("[{}] [Exploit] Cloning trial {} (score = {}) into trial {} (score = {})", name, clone.id(), cloneState.lastScore, trial.id(), state.lastScore);
        PbtExplorer.Exploration exploration = explorer.explore(trial, clone, random);
        Config newConfig = exploration.config();
        if (LOG.get().isInfoEnabled()) {
            LOG.get().info("[{}] [Explore] Perturbed the hyperparameter config of trial {}:\n{}", name, trial.id(), summary(clone.config(), newConfig, exploration.operations()));
        }
        if (logConfig) {
            policyLog.record(trial.id(), clone.id(),
                    PbtPolicyLog.policy(state.origTag, cloneState.origTag, state.lastIteration, cloneState.lastIteration, clone.config(), newConfig));
        }
        runner.exploit(trial, newConfig, experimentTag(state.origTag, newConfig), cloneState.lastCheckpoint);
        numPerturbations++;
        state.lastPerturbationTime = cloneState.lastPerturbationTime;
        state.lastTrainTime = cloneState.lastTrainTime;
    }

    private String summary(Config old, Config explored, Map<String, String> operations) {
        if (explorer.paths().isEmpty()) {
            return "No hyperparameters mutated.";
        }
        return explorer.paths().stream()
                .map(p -> p + " : " + old.get(p) + (operations.containsKey(p) ? " --- (" + operations.get(p) + ") --> " : " -----> ") + explored.get(p))
                .collect(Collectors.joining("\n"));
    }

    /** Ray's tag after an exploit: {@code <original tag>@perturbed[<last path part>=<value>,...]}, sorted by parameter. */
    String experimentTag(String origTag, Config config) {
        Map<String, String> vars = new TreeMap<>();
        for (String path : explorer.paths()) {
            vars.put(path, tagValue(config.get(path)));
        }
        return origTag + "@perturbed[" + vars.entrySet().stream()
                .map(e -> lastPart(e.getKey()) + "=" + e.getValue())
                .collect(Collectors.joining(",")) + "]";
    }

    private static String lastPart(String path) {
        return path.substring(path.lastIndexOf(Config.PATH_SEPARATOR) + 1);
    }

    private static String tagValue(Object value) {
        if (value instanceof Double || value instanceof Float) {
            return FourDigits.format(((Number) value).doubleValue());
        }
        return String.valueOf(value).replaceAll("[^a-zA-Z0-9_-]+", "_").replaceAll("^_+|_+$", "");
    }

    private TrialState stateOf(TrialView trial) {
        TrialState state = states.get(trial.id());
        if (state == null) {
            throw new IllegalStateException(name + ": trial " + trial.id() + " was never added (onTrialAdd)");
        }
        return state;
    }

    /** The waiting (PENDING or PAUSED) trial with the least progress whose resources fit; in synch mode only those behind the next perturbation time. */
    @Override
    public TrialView chooseTrialToRun(RunnerView runner) {
        TrialView next = null;
        double least = Double.POSITIVE_INFINITY;
        for (TrialView t : runner.trials()) {
            if (t.status() != TrialStatus.PENDING && t.status() != TrialStatus.PAUSED) {
                continue;
            }
            TrialState s = states.get(t.id());
            double trained = s == null ? 0 : s.lastTrainTime;
            if ((synch && trained >= nextPerturbationSync) || trained >= least || !runner.hasResources(t.resources())) {
                continue;
            }
            next = t;
            least = trained;
        }
        return next;
    }

    @Override
    public String debugString() {
        return "PopulationBasedTraining: " + numCheckpoints + " checkpoints, " + numPerturbations + " perturbs";
    }

    /** What {@link #saveState} writes for each trial. */
    record SavedTrial(String origTag, Double lastScore, String lastCheckpoint, double lastPerturbationTime, double lastTrainTime, long lastIteration) {
    }

    /** What {@link #saveState} writes. */
    record State(long random, double nextPerturbationSync, int numCheckpoints, int numPerturbations, Map<String, SavedTrial> trials, String explore) {
    }

    @Override
    public String saveState() {
        Map<String, SavedTrial> trials = new LinkedHashMap<>();
        states.forEach((id, s) -> trials.put(id, new SavedTrial(s.origTag, s.lastScore,
                s.lastCheckpoint == null ? null : s.lastCheckpoint.path().toString(), s.lastPerturbationTime, s.lastTrainTime, s.lastIteration)));
        return Json.writeState(name, new State(random.state(), nextPerturbationSync, numCheckpoints, numPerturbations, trials,
                explorer == null ? null : explorer.saveState()));
    }

    @Override
    public void restoreState(String json) {
        State state = Json.readState(name, json, State.class);
        random.restore(state.random());
        nextPerturbationSync = state.nextPerturbationSync();
        numCheckpoints = state.numCheckpoints();
        numPerturbations = state.numPerturbations();
        if (state.explore() != null) {
            explorer.restoreState(state.explore());
        }
        states.clear();
        state.trials().forEach((id, saved) -> {
            TrialState s = new TrialState(saved.origTag());
            s.lastScore = saved.lastScore();
            s.lastCheckpoint = saved.lastCheckpoint() == null ? null : CheckpointDir.fromDirectory(Path.of(saved.lastCheckpoint()));
            s.lastPerturbationTime = saved.lastPerturbationTime();
            s.lastTrainTime = saved.lastTrainTime();
            s.lastIteration = saved.lastIteration();
            states.put(id, s);
        });
    }

    /** How many exploits happened so far. */
    public int numPerturbations() {
        return numPerturbations;
    }

    /** Ray Tune's parameters and defaults; {@link #build} checks them. */
    public static final class Builder extends SchedulerBuilder<Builder> {
        private double perturbationInterval = 60.0;
        private double burnInPeriod = 0;
        private final Map<String, PbtMutation> mutations = new LinkedHashMap<>();
        private final List<String> spaceMutations = new ArrayList<>();
        private double quantileFraction = 0.25;
        private double resampleProbability = 0.25;
        private List<Double> perturbationFactors = List.of(1.2, 0.8);
        private UnaryOperator<Config> customExplore;
        private boolean logConfig = true;
        private boolean requireAttrs = true;
        private boolean synch;

        private Builder() {
            super(NAME, Result.TIME_TOTAL_S);
        }

        @Override
        Builder self() {
            return this;
        }

        public Builder perturbationInterval(double perturbationInterval) {
            this.perturbationInterval = perturbationInterval;
            return this;
        }

        public Builder burnInPeriod(double burnInPeriod) {
            this.burnInPeriod = burnInPeriod;
            return this;
        }

        /** Mutates the parameter at this path (e.g. {@code "lr"} or {@code "model/lr"}) as {@code mutation} says. */
        public Builder mutate(String path, PbtMutation mutation) {
            mutations.put(SchedulerArgs.requireName(NAME, "hyperparam_mutations key", path), java.util.Objects.requireNonNull(mutation, "mutation"));
            return this;
        }

        /**
         * Mutates these parameters within their own search-space domains (resolved in setup): numbers
         * are resampled from or perturbed from their domain, choices and grids move among their values.
         */
        public Builder mutateFromSpace(String... paths) {
            for (String path : paths) {
                spaceMutations.add(SchedulerArgs.requireName(NAME, "mutations entry", path));
            }
            return this;
        }

        public Builder quantileFraction(double quantileFraction) {
            this.quantileFraction = quantileFraction;
            return this;
        }

        public Builder resampleProbability(double resampleProbability) {
            this.resampleProbability = resampleProbability;
            return this;
        }

        public Builder perturbationFactors(double... factors) {
            List<Double> list = new ArrayList<>();
            for (double f : factors) {
                list.add(f);
            }
            this.perturbationFactors = list;
            return this;
        }

        /** Applied to the config after the built-in mutations (Ray's {@code custom_explore_fn}). */
        public Builder customExplore(UnaryOperator<Config> customExplore) {
            this.customExplore = customExplore;
            return this;
        }

        public Builder logConfig(boolean logConfig) {
            this.logConfig = logConfig;
            return this;
        }

        public Builder requireAttrs(boolean requireAttrs) {
            this.requireAttrs = requireAttrs;
            return this;
        }

        public Builder synch(boolean synch) {
            this.synch = synch;
            return this;
        }

        public PopulationBasedTraining build() {
            SchedulerArgs.require(NAME, !mutations.isEmpty() || !spaceMutations.isEmpty() || customExplore != null,
                    "give at least one of hyperparam_mutations (mutate / mutateFromSpace) or a custom explore function");
            SchedulerArgs.require(NAME, resampleProbability >= 0 && resampleProbability <= 1,
                    "resample_probability must be between 0 and 1, got " + resampleProbability);
            SchedulerArgs.require(NAME, !perturbationFactors.isEmpty() && perturbationFactors.stream().allMatch(Double::isFinite),
                    "perturbation_factors must be one or more finite numbers, got " + perturbationFactors);
            return build(NAME, null);
        }

        /** The scheduler under another name with an explore strategy of its own (PB2's); checks what both share. */
        PopulationBasedTraining build(String name, PbtExploreStrategy strategy) {
            SchedulerArgs.require(name, quantileFraction >= 0 && quantileFraction <= 0.5,
                    "quantile_fraction must be between 0 and 0.5, got " + quantileFraction);
            SchedulerArgs.require(name, perturbationInterval > 0, "perturbation_interval must be > 0, got " + perturbationInterval);
            SchedulerArgs.require(name, burnInPeriod >= 0, "burn_in_period must be >= 0, got " + burnInPeriod);
            return new PopulationBasedTraining(this, name, strategy);
        }
    }
}
