package io.jtune.engine;

import io.jtune.api.ConfigurationKeys;
import io.jtune.api.Mode;
import io.jtune.api.ResourceRequest;
import io.jtune.api.TuneException;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.Objective;
import io.jtune.api.spi.SearchAlgorithm;
import io.jtune.api.spi.Stopper;
import io.jtune.api.spi.TrialScheduler;
import io.jtune.api.trainable.ClassTrainable;
import io.jtune.api.trainable.TrainFunction;
import io.jtune.engine.annotated.AnnotatedExperiment;
import io.jtune.engine.annotated.AnnotatedTrainables;
import io.jtune.engine.exec.ExecutorFactory;
import io.jtune.engine.exec.TrialExecutor;
import io.jtune.engine.launch.DefaultComponents;
import io.jtune.engine.launch.MachineLookups;
import io.jtune.engine.launch.UnknownKeys;
import io.jtune.engine.output.ProgressReporter;
import io.jtune.engine.remote.TrainableClasses;
import io.jtune.engine.runner.DeterministicWidth;
import io.jtune.engine.runner.PendingTrialLimit;
import io.jtune.engine.runner.ResultBuffer;
import io.jtune.engine.runner.TrialRunner;
import io.jtune.engine.runner.WholeNumberProperty;
import io.jtune.engine.runner.state.ExperimentFolders;
import io.jtune.engine.runner.state.ExperimentInUseException;
import io.jtune.engine.runner.state.ExperimentState;
import io.jtune.engine.schedule.HyperBandForBohb;
import io.jtune.engine.search.SampleLimit;
import io.jtune.engine.search.SearcherWrapper;
import io.jtune.engine.spec.CheckpointPolicy;
import io.jtune.engine.spec.DetectedMachine;
import io.jtune.engine.spec.ExperimentSpec;
import io.jtune.engine.spec.FailFast;
import io.jtune.engine.spec.FolderNames;
import io.jtune.engine.spec.MissingCheckpoints;
import io.jtune.engine.spec.ResumeMode;
import io.jtune.engine.spec.TrainableSpec;
import io.jtune.engine.trial.StallLimit;
import io.jtune.engine.trial.Trial;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.function.Supplier;
/**
 * The entry point (Ray Tune's {@code Tuner}): what to train, over which space, with which
 * searcher, scheduler and stop rules, then {@link #fit()}.
 *
 * <pre>{@code
 * ResultGrid grid = Tuner.of(MyTrainable.class)
 *     .space(SearchSpace.builder().loguniform("lr", 1e-4, 1e-1).build())
 *     .metric("loss", Mode.MIN)
 *     .numSamples(20)
 *     .fit();
 * }</pre>
 *
 * A class annotated with {@code @Trainable} is configured from its annotations first; setters
 * called afterwards override them. Defaults are Ray Tune's: one sample, the basic variant
 * generator, FIFO scheduling, one CPU a trial, no retries, JSON, CSV and error-file output plus
 * the progress table (plus the callbacks on the class path, such as tune-report's report.html),
 * results under {@code target/jtune/<trainable>_<date>} in a Maven project ({@code build/jtune}
 * with Gradle, else {@code ~/jtune-results}; see {@link ExperimentFolders}). A fresh run
 * refuses a folder that holds an experiment already.
 *
 * <p>An experiment that was interrupted (a crash, a kill, Ctrl-C) or ended by an error continues
 * with {@link #restore(Path, Class)}:
 *
 * <pre>{@code
 * ResultGrid grid = Tuner.restore(Path.of("target/jtune/MyTrainable_2025-01-01_12-00-00"), MyTrainable.class)
 *     .resume(ResumeMode.ERRORED)
 *     .fit();
 * }</pre>
 */
public final class Tuner {
    static {
        MachineLookups.begin();
    }

    /** Ray Tune's starting experiment checkpoint period. */
    public static final Duration DEFAULT_SNAPSHOT_PERIOD = Duration.ofSeconds(10);
    /**
     * The system property setting {@link #deterministic(int) deterministic mode} for every experiment:
     * {@code false} (off), {@code true} (on, width from the run's concurrency) or a width {@code >= 1}.
     */
    public static final String DETERMINISTIC_PROPERTY = ConfigurationKeys.DETERMINISTIC;

    private final TrainableSpec trainable;
    private String name;
    private SearchSpace space = SearchSpace.empty();
    private String metric;
    private Mode mode;
    private List<Objective> objectives = List.of();
    private int numSamples = 1;
    private SearchAlgorithm searcher;
    private TrialScheduler scheduler;
    private final List<Stopper> stoppers = new ArrayList<>();
    private ResourceRequest resources = ResourceRequest.DEFAULT;
    private ResourceRequest machine;
    private int maxConcurrentTrials;
    private Integer maxPendingTrials;
    private int maxFailures;
    private FailFast failFast = FailFast.OFF;
    private CheckpointPolicy checkpoint = CheckpointPolicy.NONE;
    private boolean reuseTrainables;
    private Path storagePath = ExperimentFolders.defaultStorage(Path.of(""));
    private Long seed;
    private final List<Callback> callbacks = new ArrayList<>();
    private boolean progress = true;
    private boolean outputFiles = true;
    /** Null: deterministic mode off (or, unless chosen, on when seeded); {@link DeterministicWidth#AUTO} or a width: on. */
    private Integer deterministicWidth = deterministicFromSystemProperty();
    /** Whether deterministic mode was chosen (a call, the system property, a restored experiment) rather than implied by a seed. */
    private boolean deterministicChosen = !System.getProperty(DETERMINISTIC_PROPERTY, "").isBlank();
    private Duration snapshotPeriod = DEFAULT_SNAPSHOT_PERIOD;
    private Duration stallTimeout;
    private Integer resultBuffer;
    private boolean fitted;
    /** The state of the experiment {@link #restore} continues, or null for a new experiment. */
    private ExperimentState restored;
    private ResumeMode resumeMode = ResumeMode.UNFINISHED;
    private MissingCheckpoints missingCheckpoints = MissingCheckpoints.RESTART;
    private ExecutorFactory executor;
    /** The progress table of the latest {@link #spec()}, told what runs the trials once the executor is made; null without one. */
    private ProgressReporter progressReporter;

    private Tuner(TrainableSpec trainable) {
        this.trainable = trainable;
    }

    /**
     * A class implementing {@link ClassTrainable}, one annotated with {@code @io.jtune.api.Trainable}, or
     * one implementing {@link TrainFunction} with a no-arg constructor. A trainable given as a class
     * can run in its own process ({@code executor(...)}).
     */
    public static Tuner of(Class<?> trainableClass) {
        Objects.requireNonNull(trainableClass, "trainable class");
        Tuner tuner = new Tuner(TrainableClasses.spec(trainableClass));
        if (AnnotatedTrainables.isAnnotated(trainableClass)) {
            tuner.apply(AnnotatedTrainables.experiment(trainableClass));
            AnnotatedTrainables.isolation(trainableClass)
                    .ifPresent(name -> tuner.executor(ExecutorFactory.named(name, "@Isolation on " + trainableClass.getName())));
        }
        return tuner;
    }

    /** Sets what the class's annotations declare; what they leave empty keeps the defaults. */
    private void apply(AnnotatedExperiment declared) {
        space(declared.space());
        if (declared.objectives().isEmpty()) {
            declared.metric().ifPresent(m -> metric(m.name(), m.mode()));
        } else {
            metrics(declared.objectives().stream().map(Objective::metric).toList(), declared.objectives().stream().map(Objective::mode).toList());
        }
        declared.numSamples().ifPresent(this::numSamples);
        declared.seed().ifPresent(this::seed);
        declared.stoppers().forEach(this::stop);
        declared.resources().ifPresent(this::resources);
        declared.maxConcurrentTrials().ifPresent(this::maxConcurrentTrials);
        declared.maxFailures().ifPresent(this::maxFailures);
        declared.checkpoint().ifPresent(this::checkpoint);
        declared.scheduler().ifPresent(this::scheduler);
        declared.searcher().ifPresent(this::searcher);
        if (declared.reuseTrainables()) {
            reuseTrainables(true);
        }
    }

    /** A function trainable; {@code name} names its trial folders. */
    public static Tuner of(String name, TrainFunction function) {
        return new Tuner(new TrainableSpec.FunctionApi(FolderNames.requireFolderName("trainable name", name), function));
    }

    /** A class-API trainable made by a factory (one instance per trial, unless reused). */
    public static Tuner of(String name, Supplier<? extends ClassTrainable> factory) {
        return new Tuner(new TrainableSpec.ClassApi(FolderNames.requireFolderName("trainable name", name), factory));
    }

    /**
     * A Tuner continuing the experiment in {@code experimentDir} (Ray Tune's {@code Tuner.restore}):
     * {@link #fit()} goes on where it stopped, by default with the unfinished trials ({@link #resume}).
     * The trainable is code, so it is passed again; its annotations (for a {@code @Trainable} class)
     * configure the Tuner as for {@link #of(Class)}, then the experiment's saved settings (seed,
     * metric, samples, failures, checkpoints, resources, limits) replace them. Setters may change
     * settings afterwards; a search space, searcher, scheduler or stoppers set in code must be set
     * again, the same as in the first run (their saved state is restored into them; another class,
     * or a space over other parameters, is refused).
     *
     * @throws TuneException naming the state file when it is missing, truncated, corrupted or not a jtune experiment state
     */
    public static Tuner restore(Path experimentDir, Class<?> trainableClass) {
        ExperimentState state = readState(experimentDir);
        return of(trainableClass).restoring(experimentDir, state);
    }

    /** {@link #restore(Path, Class)} for a function trainable; its name is the one saved with the experiment. */
    public static Tuner restore(Path experimentDir, TrainFunction function) {
        ExperimentState state = readState(experimentDir);
        return of(state.runner().trainable(), function).restoring(experimentDir, state);
    }

    /** {@link #restore(Path, Class)} for a class-API trainable made by a factory; its name is the one saved with the experiment. */
    public static Tuner restore(Path experimentDir, Supplier<? extends ClassTrainable> factory) {
        ExperimentState state = readState(experimentDir);
        return of(state.runner().trainable(), factory).restoring(experimentDir, state);
    }

    private static ExperimentState readState(Path experimentDir) {
        Objects.requireNonNull(experimentDir, "experiment folder");
        return ExperimentState.read(experimentDir.toAbsolutePath().resolve(ExperimentState.FILE));
    }

    private Tuner restoring(Path experimentDir, ExperimentState state) {
        Path dir = experimentDir.toAbsolutePath().normalize();
        name(dir.getFileName().toString());
        storagePath(dir.getParent());
        ExperimentState.RunnerState runner = state.runner();
        seed(runner.seed());
        List<Objective> saved = ExperimentState.objectives(runner);
        if (!saved.isEmpty()) {
            metrics(saved.stream().map(Objective::metric).toList(), saved.stream().map(Objective::mode).toList());
        } else if (runner.metric() != null && runner.mode() != null) {
            metric(runner.metric(), Mode.parse(runner.mode()));
        }
        ExperimentState.Settings settings = state.settings();
        numSamples(settings.numSamples());
        maxFailures(settings.maxFailures());
        failFast(settings.failFast());
        maxConcurrentTrials(settings.maxConcurrentTrials());
        resources(settings.resources());
        checkpoint(settings.checkpoint());
        reuseTrainables(settings.reuseTrainables());
        deterministicWidth = settings.deterministicWidth() != null && settings.deterministicWidth() > 0 ? settings.deterministicWidth() : null;
        deterministicChosen = true;
        restored = state;
        return this;
    }

    /**
     * What a restore does when a continuing trial's checkpoint folder listed in the state is gone
     * (default {@link MissingCheckpoints#RESTART}: warn and continue from the latest one on disk);
     * only for a Tuner made by {@link #restore}.
     */
    public Tuner missingCheckpoints(MissingCheckpoints policy) {
        if (restored == null) {
            throw new IllegalStateException("missingCheckpoints(" + policy + ") applies to a Tuner made by Tuner.restore(experimentFolder, trainable)");
        }
        this.missingCheckpoints = Objects.requireNonNull(policy, "missing checkpoints policy");
        return this;
    }

    /** Which trials a restored experiment continues (default {@link ResumeMode#UNFINISHED}); only for a Tuner made by {@link #restore}. */
    public Tuner resume(ResumeMode mode) {
        if (restored == null) {
            throw new IllegalStateException("resume(" + mode + ") applies to a Tuner made by Tuner.restore(experimentFolder, trainable)");
        }
        this.resumeMode = Objects.requireNonNull(mode, "resume mode");
        return this;
    }

    /** The experiment's name, its folder under the storage path (default {@code <trainable>_<date>}). */
    public Tuner name(String experimentName) {
        requireNotRestored("name");
        this.name = FolderNames.requireFolderName("experiment name", experimentName);
        return this;
    }

    public Tuner space(SearchSpace space) {
        this.space = Objects.requireNonNull(space, "search space");
        return this;
    }

    /** The metric to optimise and its direction; searchers, schedulers and the result grid use it. */
    public Tuner metric(String metric, Mode mode) {
        if (metric == null || metric.isBlank()) {
            throw new IllegalArgumentException("metric must be a non-blank result key, got '" + metric + "'");
        }
        this.metric = metric;
        this.mode = Objects.requireNonNull(mode, "mode of metric '" + metric + "'");
        this.objectives = List.of();
        return this;
    }

    /**
     * Several metrics to optimise at once (multi-objective), each with its direction: multi-objective
     * searchers ({@code NsgaIISearch}, {@code MotpeSearch}) use all of them and the result grid gives
     * their Pareto front and hypervolume; everything that ranks by one metric (schedulers, other
     * model-based searchers, stoppers, {@code getBestResult()}) uses the first.
     */
    public Tuner metrics(List<String> metrics, List<Mode> modes) {
        List<Objective> all = Objective.of(metrics, modes);
        metric(all.get(0).metric(), all.get(0).mode());
        this.objectives = all;
        return this;
    }

    /**
     * How often the space is sampled (grid values are crossed with each sample); with a searcher of
     * your own, how many trials it suggests at most. -1 means no limit: end the experiment with a stopper.
     */
    public Tuner numSamples(int numSamples) {
        if (numSamples < 1 && numSamples != -1) {
            throw new IllegalArgumentException("numSamples must be >= 1 (or -1 for no limit), got " + numSamples);
        }
        this.numSamples = numSamples;
        return this;
    }

    /**
     * The searcher suggesting configs (default: the basic variant generator). Unless it is a basic
     * variant generator, it ends after {@link #numSamples} suggestions (Ray Tune's {@code SearchGenerator}).
     */
    public Tuner searcher(SearchAlgorithm searcher) {
        this.searcher = Objects.requireNonNull(searcher, "searcher");
        return this;
    }

    /** The trial scheduler (default FIFO); a {@link HyperBandForBohb} hears the BOHB searcher of the experiment, if any. */
    public Tuner scheduler(TrialScheduler scheduler) {
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
        return this;
    }

    /** Adds a stop rule; a trial stops when any rule says so. */
    public Tuner stop(Stopper stopper) {
        stoppers.add(Objects.requireNonNull(stopper, "stopper"));
        return this;
    }

    /** What each trial needs (default one CPU). */
    public Tuner resources(ResourceRequest perTrial) {
        this.resources = Objects.requireNonNull(perTrial, "resources per trial");
        return this;
    }

    /** What the machine offers trials (default: detected, see {@link DetectedMachine#resources()}). */
    public Tuner machineResources(ResourceRequest totals) {
        this.machine = Objects.requireNonNull(totals, "machine resources");
        return this;
    }

    /**
     * At most this many trials run at once (0 = as many as resources allow). As Ray Tune's
     * {@code max_concurrent_trials} (which wraps the searcher in a {@code ConcurrencyLimiter}), it
     * also bounds suggestions: the searcher is asked for a config only while fewer than {@code max}
     * trials are PENDING or RUNNING, so under {@code maxConcurrentTrials(1)} a model-based searcher
     * hears each trial's results and end before it suggests the next one. In
     * {@link #deterministic(int) deterministic mode} the width plays both parts in logical time, and
     * this only bounds how many of the width's trials compute a step at once (it changes no result).
     */
    public Tuner maxConcurrentTrials(int max) {
        if (max < 0) {
            throw new IllegalArgumentException("maxConcurrentTrials must be >= 0 (0 = as resources allow), got " + max);
        }
        this.maxConcurrentTrials = max;
        return this;
    }

    /**
     * At most this many trials wait PENDING ahead of free resources, so schedulers can start and
     * compare more trials than the machine runs at once (Ray Tune's {@code max_pending_trials}).
     * Default: the system property {@value PendingTrialLimit#PROPERTY}, else automatic, as Ray:
     * {@code max(16, 1.1 x CPUs)} with the basic variant generator, 1 with any other searcher.
     */
    public Tuner maxPendingTrials(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("maxPendingTrials must be >= 1, got " + max);
        }
        this.maxPendingTrials = max;
        return this;
    }

    /**
     * Where trials run (default: {@code -Djtune.executor}, else threads): {@link ExecutorFactory#threads()}
     * in this JVM, or {@link ExecutorFactory#process()}, each trial in a worker JVM of its own, so a
     * crash, {@code System.exit}, a hang or an out-of-memory error fails only its trial; or {@code ClusterExecutorFactory} of {@code tune-cluster}
     * ({@code -Djtune.cluster=host:port}), trials on the workers of a cluster.
     */
    public Tuner executor(ExecutorFactory factory) {
        this.executor = Objects.requireNonNull(factory, "executor factory");
        return this;
    }

    /** How often a failed trial is retried from its latest checkpoint (-1 = without limit, default 0). */
    public Tuner maxFailures(int maxFailures) {
        if (maxFailures < -1) {
            throw new IllegalArgumentException("maxFailures must be >= -1 (-1 = retry without limit), got " + maxFailures);
        }
        this.maxFailures = maxFailures;
        return this;
    }

    /** What a trial error does to the experiment (default {@link FailFast#OFF}). */
    public Tuner failFast(FailFast failFast) {
        this.failFast = Objects.requireNonNull(failFast, "failFast");
        return this;
    }

    public Tuner checkpoint(CheckpointPolicy policy) {
        this.checkpoint = Objects.requireNonNull(policy, "checkpoint policy");
        return this;
    }

    /** Hands a finished trainable the next trial's config through {@code reset} (Ray Tune's {@code reuse_actors}). */
    public Tuner reuseTrainables(boolean reuse) {
        this.reuseTrainables = reuse;
        return this;
    }

    /** The folder holding experiment folders (default: {@link ExperimentFolders#defaultStorage}, e.g. {@code target/jtune} in a Maven project). */
    public Tuner storagePath(Path storage) {
        requireNotRestored("storagePath");
        this.storagePath = Objects.requireNonNull(storage, "storage path");
        return this;
    }

    /**
     * The seed every random choice of searchers and schedulers derives from (default: random). With
     * a scheduler that never pauses trials (FIFO, the default, and ASHA) and no {@link #resultBuffer},
     * a seed also turns {@link #deterministic(boolean) deterministic mode} on at the run's own
     * concurrency, unless the mode was chosen ({@link #deterministic(boolean)}, {@link #deterministic(int)}
     * or the system property {@value #DETERMINISTIC_PROPERTY}, {@code false} included): two runs with
     * the same seed and the same concurrency then give the same trials in the same order, with the
     * same configs and scheduler decisions (for a trainable whose results depend only on its config).
     * A pausing scheduler (HyperBand, BOHB, PBT, PB2, median stopping) keeps more trials going than run
     * at once, so there the seed fixes the random choices only and {@link #deterministic(int)} with a
     * width of at least the trials it juggles gives the same order.
     */
    public Tuner seed(long seed) {
        requireNotRestored("seed");
        this.seed = seed;
        return this;
    }

    /** Adds callbacks, called after the built-in loggers. */
    public Tuner callbacks(Callback... callbacks) {
        this.callbacks.addAll(Arrays.asList(callbacks));
        return this;
    }

    /** Whether the progress table is printed to stdout (default true). */
    public Tuner progress(boolean show) {
        this.progress = show;
        return this;
    }

    /**
     * Whether the built-in loggers write params.json, result.json, progress.csv and error.txt, and the
     * output callbacks found on the class path run (tune-report's report.html; default true).
     */
    public Tuner outputFiles(boolean write) {
        this.outputFiles = write;
        return this;
    }

    /**
     * Deterministic mode on with the width the run would have as its concurrency (as many trials as
     * {@link #machineResources} hold, or a cluster's workers, at most {@link #maxConcurrentTrials}), or off
     * (default: the system property {@value #DETERMINISTIC_PROPERTY}, else on when the run has a
     * {@link #seed} and a scheduler that never pauses trials). Same results then need the same concurrency; {@link #deterministic(int)} with a
     * width gives them at any concurrency. The cost is the waiting: a fast trial waits for a slow
     * one's result at the same logical tick (about 1.2× the wall time of TPE + ASHA trials of
     * 1–9 ms steps at 4 at once).
     */
    public Tuner deterministic(boolean on) {
        this.deterministicWidth = on ? DeterministicWidth.AUTO : null;
        this.deterministicChosen = true;
        return this;
    }

    /**
     * Deterministic mode of logical width {@code width}: the same seed gives the same trials,
     * configs, scheduler decisions and results at any thread timing and any
     * {@link #maxConcurrentTrials} (1, 2, ... up to the width). Results reach the searcher, scheduler
     * and stoppers as if {@code width} trials ran in lock-step, each training step one tick of a
     * logical clock (a trial started at tick {@code t} reports its iteration {@code i} at
     * {@code t + i}; ties go to the trial created first), not in arrival order: the driver waits for
     * the next result in that order while later ones queue. Up to {@code width} trials are started
     * (the machine must hold that many at once; each keeps its trainable and resources between its
     * steps), and {@code maxConcurrentTrials} bounds how many of them compute a step at once, so
     * fewer slots only take longer. Saves are waited for where they are asked, trial ids derive from
     * the seed, and the width is saved with the experiment, so a restore continues in the same mode.
     * Same results presume a trainable whose results depend only on its config (and checkpoint) and
     * no wall-clock rules (time stoppers, failure retries' backoff, a scheduler on
     * {@code time_total_s}); a {@link #stallTimeout stall limit} counts only the time a step computes,
     * not the time it waits for a slot or for its logical turn. The wall-clock auto fields ({@code time_this_iter_s},
     * {@code time_total_s}, {@code time_since_restore}, {@code timestamp}, {@code date}) stay
     * measured. The cost is the waiting: a fast trial waits for a slow one's result at the same tick.
     */
    public Tuner deterministic(int width) {
        if (width < 1) {
            throw new IllegalArgumentException("deterministic width must be >= 1 (the trials run at once in logical time), got " + width);
        }
        this.deterministicWidth = width;
        this.deterministicChosen = true;
        return this;
    }

    /** Null (off) when the system property is unset or {@code false}; {@link DeterministicWidth#AUTO} for {@code true}; else its width. */
    private static Integer deterministicFromSystemProperty() {
        String value = System.getProperty(DETERMINISTIC_PROPERTY);
        if (value == null || value.isBlank() || value.trim().equalsIgnoreCase("false")) {
            return null;
        }
        if (value.trim().equalsIgnoreCase("true")) {
            return DeterministicWidth.AUTO;
        }
        Integer width = WholeNumberProperty.atLeastOne(value);
        if (width != null) {
            return width;
        }
        throw new IllegalArgumentException("system property " + DETERMINISTIC_PROPERTY + " must be true, false or a width >= 1, got '" + value + "'");
    }

    /**
     * The least time between two writes of {@code experiment_state.json} (default 10 s); the period
     * grows so that writing takes at most 5% of the run, and the state is always written at the end
     * and when the JVM shuts down (Ctrl-C, {@code System.exit}) mid-experiment.
     */
    public Tuner snapshotPeriod(Duration period) {
        if (period == null || period.isNegative()) {
            throw new IllegalArgumentException("snapshot period must be >= 0, got " + period);
        }
        this.snapshotPeriod = period;
        return this;
    }

    /**
     * The per-trial stall limit: a trial whose run reports nothing (no result, no checkpoint) for
     * longer than {@code limit} while it should be working (setup, a step, a save) fails with an
     * error naming it and what it was doing, and is retried as any failure ({@link #maxFailures}).
     * Its run is abandoned: a worker process is killed; a thread, which cannot be killed, is
     * interrupted and left behind, and named in the log. Default: the system property
     * {@value io.jtune.engine.trial.StallLimit#PROPERTY} (seconds or ISO-8601), else no limit
     * ({@link Duration#ZERO}).
     */
    public Tuner stallTimeout(Duration limit) {
        if (limit == null || limit.isNegative()) {
            throw new IllegalArgumentException("stall timeout must be >= 0 (0 = no limit), got " + limit);
        }
        this.stallTimeout = limit;
        return this;
    }

    /**
     * How many results a trial may report ahead of the driver's decisions (Ray Tune's result
     * buffering; default: the system property {@value io.jtune.engine.runner.ResultBuffer#PROPERTY},
     * else 1 = the trial waits for the decision on each result). With n > 1 a trial no longer waits
     * for the driver after each step; every result still reaches the stoppers, scheduler, searcher
     * and loggers in order, but a stop takes effect up to n − 1 steps late (their results are
     * dropped); a result the driver may checkpoint on (checkpoint frequency, {@code should_checkpoint},
     * {@code done}) waits for its decision, so the checkpoint holds its state. Used only with a
     * scheduler that supports it (FIFO, ASHA), outside deterministic mode and without a checkpoint at
     * the end, on every executor (threads, processes, cluster); see {@link io.jtune.engine.runner.ResultBuffer}.
     */
    public Tuner resultBuffer(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("resultBuffer must be >= 1 (1 = wait for the decision on each result), got " + n);
        }
        this.resultBuffer = n;
        return this;
    }

    private void requireNotRestored(String setting) {
        if (restored != null) {
            throw new IllegalStateException(setting + "(...) cannot change a restored experiment: it continues in " + storagePath.resolve(name)
                    + " with the seed it started with");
        }
    }

    /** The experiment {@link #fit()} would run now, with every default filled in. */
    public ExperimentSpec spec() {
        String experimentName = name != null ? name : ExperimentFolders.newName(storagePath, trainable.name());
        long experimentSeed = seed != null ? seed : new SplittableRandom().nextLong();
        SearchAlgorithm search = searcher != null ? SampleLimit.of(searcher, numSamples) : DefaultComponents.searcher(numSamples);
        TrialScheduler schedule = scheduler != null ? scheduler : DefaultComponents.scheduler();
        connectBohb(search, schedule);
        ResourceRequest totals = machine != null ? machine : DetectedMachine.resources();
        int buffer = resultBuffer != null ? resultBuffer : ResultBuffer.fromSystemProperty();
        Integer width = deterministicWidth(schedule, buffer);
        return new ExperimentSpec(trainable, experimentName, storagePath.toAbsolutePath(), space, metric, mode, numSamples, search, schedule,
                stoppers, resources, totals, maxConcurrentTrials,
                maxPendingTrials != null ? maxPendingTrials : PendingTrialLimit.fromSystemProperty(), maxFailures,
                failFast, checkpoint, reuseTrainables, experimentSeed, allCallbacks(search), snapshotPeriod,
                stallTimeout != null ? stallTimeout : StallLimit.fromSystemProperty(),
                width == null ? 0 : DeterministicWidth.resolve(width, maxConcurrentTrials, totals, resources), objectives, buffer);
    }

    /**
     * The configured width, or for a seeded run that chose no mode {@link DeterministicWidth#AUTO}
     * when its scheduler never pauses a trial (FIFO, ASHA: those supporting buffered results) and no
     * result buffer was asked for; else null (off). A pausing scheduler (HyperBand, PBT) juggles more
     * trials than run at once, which a width of the run's concurrency would change.
     */
    private Integer deterministicWidth(TrialScheduler schedule, int buffer) {
        if (deterministicChosen || seed == null) {
            return deterministicWidth;
        }
        return schedule.supportsBufferedResults() && buffer == 1 ? Integer.valueOf(DeterministicWidth.AUTO) : null;
    }

    /** BOHB's searcher learns the budgets from HyperBandForBohb (Ray Tune's TuneBOHB + HyperBandForBOHB pair). */
    private static void connectBohb(SearchAlgorithm search, TrialScheduler schedule) {
        if (schedule instanceof HyperBandForBohb hyperBand) {
            SearcherWrapper.find(search, HyperBandForBohb.Listener.class).ifPresent(hyperBand::addListener);
        }
    }

    /** Loggers, the Tuner's callbacks, the progress table, then the callbacks on the class path (what they print follows the final table). */
    private List<Callback> allCallbacks(SearchAlgorithm search) {
        List<Callback> all = new ArrayList<>();
        progressReporter = null;
        if (outputFiles) {
            all.addAll(DefaultComponents.loggers());
        }
        all.addAll(callbacks);
        if (progress) {
            progressReporter = DefaultComponents.progressReporter(search, numSamples);
            all.add(progressReporter);
        }
        if (outputFiles) {
            all.addAll(DefaultComponents.discovered());
        }
        return all;
    }

    /**
     * Runs the experiment (or continues a restored one) and returns every trial's outcome. A Tuner
     * runs once: its searcher, scheduler, stoppers and callbacks keep the state of that run.
     *
     * @throws TuneException before any trial starts when the folder cannot be written, a new
     *     experiment's folder holds one already, or a restored one does not match this Tuner
     */
    public ResultGrid fit() {
        if (fitted) {
            throw new IllegalStateException("this Tuner has run already (its searcher, scheduler and callbacks hold that run's state); make a new Tuner to run again");
        }
        fitted = true;
        UnknownKeys.warnAbout(System.getProperties());
        if (name != null) {
            return run();
        }
        while (true) {
            name = ExperimentFolders.newName(storagePath, trainable.name());
            try {
                return run();
            } catch (ExperimentInUseException concurrentRunTookTheName) {
                // a run started in the same second locked that folder first: take the next name
            }
        }
    }

    private ResultGrid run() {
        ExperimentSpec spec = spec();
        Path dir = spec.experimentDir();
        if (restored == null && Files.exists(dir.resolve(ExperimentState.FILE))) {
            throw new TuneException("the experiment folder " + dir + " holds an experiment already (" + ExperimentState.FILE
                    + "): continue it with Tuner.restore(" + dir + ", <trainable>), or choose another Tuner.name(...) to start a new one");
        }
        TrialExecutor executor = (this.executor != null ? this.executor : ExecutorFactory.fromSystemProperties()).create(spec);
        if (restored == null && machine == null && spec.deterministic() && (deterministicWidth == null || deterministicWidth == DeterministicWidth.AUTO)) {
            // the run's own concurrency is the executor's: a cluster's workers, not the driver's machine
            spec = spec.withDeterministicWidth(DeterministicWidth.resolve(DeterministicWidth.AUTO, maxConcurrentTrials, executor.totals(), resources));
        }
        if (progressReporter != null) {
            progressReporter.executor(() -> executor.totals().cpu(), executor::description);
        }
        TrialRunner runner = restored == null
                ? new TrialRunner(spec, executor, spec.deterministic() ? new SplittableRandom(spec.seed()) : new SplittableRandom())
                : new TrialRunner(spec, executor, restored, resumeMode, missingCheckpoints);
        List<Trial> trials = runner.run();
        List<TrialOutcome> outcomes = new ArrayList<>(trials.size());
        for (Trial t : trials) {
            outcomes.add(TrialOutcome.of(t));
        }
        return new ResultGrid(outcomes, spec.metric(), spec.mode(), spec.experimentDir(), spec.info().objectives());
    }
}
