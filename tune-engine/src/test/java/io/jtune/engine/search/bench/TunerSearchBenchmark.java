package io.jtune.engine.search.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jtune.api.Mode;
import io.jtune.api.ResourceRequest;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.SearchAlgorithm;
import io.jtune.api.spi.TrialView;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.Tuner;
import io.jtune.engine.search.cmaes.CmaEsSearch;
import io.jtune.engine.search.gp.Acquisition;
import io.jtune.engine.search.gp.BayesOptSearch;
import io.jtune.engine.search.gp.BayesOptSettings;
import io.jtune.engine.search.tpe.TpeSearch;
import io.jtune.engine.search.tpe.TpeSettings;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * The searcher benchmark through the {@link Tuner}, as a user runs a search: each function is a
 * function trainable reporting its value once, {@code maxConcurrentTrials(1)} (or k, below), {@code evaluations}
 * trials for each of {@code seeds} seeds (0, 1, ...). jtune's TPE, GP-BO and CMA-ES against Optuna
 * 3.1's TPE and CMA-ES, which {@code src/test/python/tuner_bench_optuna.py} runs in the same
 * invocation (Debian's {@code python3-optuna}; {@code -Dpython=...} names another interpreter).
 * Prints a Markdown table: median regret per searcher and its ratio to Optuna TPE's.
 * The functions are {@link Problem#benchmarkSet()}; naming functions in the third argument may also pick
 * {@link Problem#heldOutSet()}'s.
 * {@code -Dsearchers=TPE,TPE-true,GP,GP-EI,GP-log+axis,CMA-ES} picks jtune's searchers (TPE: the default, Optuna 3.1's TPE, also named TPE-3.1;
 * TPE-true: {@code TpeSettings.trueDensities()}, true-density kernels;
 * GP: GP-BO's defaults, the portfolio; GP-EI: EI alone without axis moves, the defaults before the portfolio;
 * GP-log+axis: EI alone on compressed losses with axis moves), {@code -Doptuna=false} leaves Optuna out,
 * {@code -DfirstSeed=N} runs seeds N, N+1, ... instead of 0, 1, ..., {@code -Dverbose=true} also
 * prints every seed's regret, {@code -Dat=200,1000} the wall time a trial over the 20 trials before
 * trial 200 and 1,000 of each run (from one trial's start to the next: the suggestion, the trial and
 * the runner's bookkeeping, as a user's run spends it; run at least 1,001 trials for 1,000: the last
 * trial's start also pays the once-per-JVM start of logging for the "numSamples reached" message), {@code -Dconcurrency=k} runs k trials at once
 * in deterministic mode of width k (each suggestion made while k - 1 trials are still running, in the
 * same order at every run, however fast the trials finish).
 *
 * <pre>
 * mvn -q -pl tune-engine -am test-compile exec:java -Dexec.skip=true -Dexec.classpathScope=test \
 *     -Dexec.mainClass=io.jtune.engine.search.bench.TunerSearchBenchmark [-Dexec.args="100 10 branin,ackley5"]
 * </pre>
 */
public final class TunerSearchBenchmark {
    /** The Optuna side, from the repository root (where the documented command runs) or the module folder. */
    private static final Path OPTUNA_SCRIPT = Stream.of(Path.of("tune-engine/src/test/python/tuner_bench_optuna.py"), Path.of("src/test/python/tuner_bench_optuna.py"))
            .filter(Files::isRegularFile).findFirst().orElse(Path.of("tune-engine/src/test/python/tuner_bench_optuna.py"));
    private static final int FIRST_SEED = Integer.getInteger("firstSeed", 0);
    private static final int WINDOW = 20;
    private static final int[] AT = Arrays.stream(System.getProperty("at", "").split(",")).filter(a -> !a.isBlank()).mapToInt(Integer::parseInt).toArray();
    private static final com.sun.management.OperatingSystemMXBean PROCESS =
            (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
    private static final int CONCURRENCY = Integer.getInteger("concurrency", 1);
    private static final ResourceRequest CPUS = new ResourceRequest(CONCURRENCY, 0, 1L << 30, Map.of());

    private TunerSearchBenchmark() {
    }

    private static Map<String, Supplier<SearchAlgorithm>> searchers() {
        Map<String, Supplier<SearchAlgorithm>> m = new LinkedHashMap<>();
        // GP-EI and GP-log+axis keep the 10 random trials they were measured with before the default became 20
        BayesOptSettings ei = BayesOptSettings.defaults().withAcquisition(Acquisition.EI, 0.0, 2.576).withNInitialPoints(10);
        for (String name : System.getProperty("searchers", "TPE,TPE-true,GP,GP-EI,GP-log+axis,CMA-ES").split(",")) {
            m.put("jtune " + name, switch (name) {
                case "TPE" -> TpeSearch::new;
                case "TPE-3.1" -> () -> new TpeSearch(TpeSettings.optuna());
                case "TPE-true" -> () -> new TpeSearch(TpeSettings.trueDensities());
                case "GP" -> BayesOptSearch::new;
                case "GP-EI" -> () -> new BayesOptSearch(ei.withAxisMoves(false));
                case "GP-log+axis" -> () -> new BayesOptSearch(ei.withCompressedLosses(true));
                case "CMA-ES" -> CmaEsSearch::new;
                default -> throw new IllegalArgumentException("-Dsearchers: TPE, TPE-3.1, TPE-true, GP, GP-EI, GP-log+axis or CMA-ES, got " + name);
            });
        }
        return m;
    }

    /** The wall clock at each trial's start, as the runner reports it. */
    private static final class TrialStarts implements Callback {
        private final List<Long> nanos = new ArrayList<>();

        @Override
        public void onTrialStart(TrialView trial) {
            nanos.add(System.nanoTime());
        }

        /** The mean wall time a trial of the {@value #WINDOW} trials before trial {@code n} (1-based), suggestion included, in ms. */
        double msBefore(int n) {
            return (nanos.get(n - 1) - nanos.get(n - 1 - WINDOW)) / 1e6 / WINDOW;
        }
    }

    /**
     * The best value of one search through the Tuner, {@code storage} holding its folder; with
     * {@code -Dat=N,...}, prints the wall time a trial before each N.
     */
    public static double bestThroughTuner(Problem problem, String searcherName, SearchAlgorithm searcher, long seed, int evaluations, Path storage) {
        return bestAtThroughTuner(problem, searcherName, searcher, seed, storage, evaluations)[0];
    }

    /**
     * As {@link #bestThroughTuner}, one run of {@code budgets[last]} trials, the best value after each
     * of {@code budgets} trials (ascending) in the order the trials finished.
     */
    public static double[] bestAtThroughTuner(Problem problem, String searcherName, SearchAlgorithm searcher, long seed, Path storage, int... budgets) {
        int evaluations = budgets[budgets.length - 1];
        double[] trajectory = new double[evaluations];
        int[] finished = {0};
        TrialStarts starts = new TrialStarts();
        Tuner tuner = Tuner.of(problem.name(), (config, session) -> {
                    double value = problem.function().applyAsDouble(config);
                    synchronized (trajectory) {
                        int i = finished[0]++;
                        trajectory[i] = i == 0 ? value : Math.min(trajectory[i - 1], value);
                    }
                    session.report(Map.of(Driver.METRIC, value));
                })
                .name(problem.name() + "-" + searcherName.replace(' ', '-') + "-" + seed).storagePath(storage)
                .space(problem.space()).metric(Driver.METRIC, Mode.MIN).searcher(searcher).numSamples(evaluations)
                .maxConcurrentTrials(CONCURRENCY).machineResources(CPUS).seed(seed).progress(false).outputFiles(false).callbacks(starts);
        ResultGrid grid = (CONCURRENCY > 1 ? tuner.deterministic(CONCURRENCY) : tuner).fit();
        for (int n : AT) {
            if (n > WINDOW && n < evaluations) {
                System.err.printf(Locale.ROOT, "%s %s seed %d: %.2f ms wall clock a trial over the %d trials before %d%n",
                        problem.name(), searcherName, seed, starts.msBefore(n), WINDOW, n);
            }
        }
        if (finished[0] != evaluations || grid.getBestResult().value() != trajectory[evaluations - 1]) {
            throw new IllegalStateException(problem.name() + " " + searcherName + " seed " + seed + ": " + finished[0] + " of " + evaluations
                    + " trials evaluated, best " + trajectory[Math.max(0, finished[0] - 1)] + " against the Tuner's " + grid.getBestResult().value());
        }
        return Driver.at(trajectory, budgets);
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        int evaluations = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        int seeds = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        List<Problem> problems = Problem.benchmarkSet();
        if (args.length > 2) {
            List<String> names = Arrays.asList(args[2].split(","));
            problems = Stream.concat(problems.stream(), Problem.heldOutSet().stream()).filter(p -> names.contains(p.name())).toList();
        }
        Map<String, Map<String, List<Double>>> best = new LinkedHashMap<>();
        Path storage = Files.createTempDirectory("jtune-search-bench");
        try {
            for (Problem problem : problems) {
                Map<String, List<Double>> bySearcher = best.computeIfAbsent(problem.name(), k -> new LinkedHashMap<>());
                for (Map.Entry<String, Supplier<SearchAlgorithm>> s : searchers().entrySet()) {
                    List<Double> values = bySearcher.computeIfAbsent(s.getKey(), k -> new ArrayList<>());
                    long start = System.nanoTime();
                    long cpuStart = PROCESS.getProcessCpuTime();
                    for (int seed = FIRST_SEED; seed < FIRST_SEED + seeds; seed++) {
                        values.add(bestThroughTuner(problem, s.getKey(), s.getValue().get(), seed, evaluations, storage));
                    }
                    System.err.printf(Locale.ROOT, "%s %s: median best %.5g; per trial of the whole Tuner run %.2f ms process CPU time, %.2f ms wall clock%n",
                            problem.name(), s.getKey(), median(values), (PROCESS.getProcessCpuTime() - cpuStart) / 1e6 / seeds / evaluations,
                            (System.nanoTime() - start) / 1e6 / seeds / evaluations);
                    if (Boolean.getBoolean("verbose")) {
                        System.err.println(problem.name() + " " + s.getKey() + " regrets " + values.stream().map(v -> String.format(Locale.ROOT, "%.3g", v - problem.optimum())).toList());
                    }
                }
            }
        } finally {
            deleteTree(storage);
        }
        boolean optuna = Boolean.parseBoolean(System.getProperty("optuna", "true"));
        if (optuna) {
            runOptuna(evaluations, seeds, problems, best);
        }
        printTable(problems, best, optuna);
    }

    /** Runs the Optuna script on the same functions and adds its best values. */
    private static void runOptuna(int evaluations, int seeds, List<Problem> problems, Map<String, Map<String, List<Double>>> best)
            throws IOException, InterruptedException {
        String names = String.join(",", problems.stream().map(Problem::name).toList());
        Process python = new ProcessBuilder(System.getProperty("python", "/usr/bin/python3"), OPTUNA_SCRIPT.toString(),
                String.valueOf(evaluations), String.valueOf(seeds), names, String.valueOf(FIRST_SEED)).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        ObjectMapper json = new ObjectMapper();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(python.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                JsonNode run = json.readTree(line);
                best.get(run.get("function").asText()).computeIfAbsent(run.get("searcher").asText(), k -> new ArrayList<>()).add(run.get("best").asDouble());
            }
        }
        if (python.waitFor() != 0) {
            throw new IllegalStateException(OPTUNA_SCRIPT + " failed (exit " + python.exitValue() + "); install Optuna 3.1: apt-get install python3-optuna");
        }
    }

    /** Median regrets; with {@code optuna}, its columns and every ratio to Optuna TPE's, else the regrets alone. */
    private static void printTable(List<Problem> problems, Map<String, Map<String, List<Double>>> best, boolean optuna) {
        List<String> columns = new ArrayList<>(searchers().keySet());
        if (optuna) {
            columns.add("Optuna TPE");
            columns.add("Optuna CMA-ES");
        }
        System.out.println("| function | " + String.join(" | ", columns) + " | best jtune ÷ Optuna TPE |");
        System.out.println("|---" + "|---".repeat(columns.size() + 1) + "|");
        for (Problem problem : problems) {
            Map<String, List<Double>> bySearcher = best.get(problem.name());
            double reference = optuna ? median(bySearcher.get("Optuna TPE")) - problem.optimum() : Double.NaN;
            StringBuilder row = new StringBuilder("| " + problem.name() + " |");
            double bestJtune = Double.POSITIVE_INFINITY;
            for (String column : columns) {
                double regret = median(bySearcher.get(column)) - problem.optimum();
                if (column.startsWith("jtune")) {
                    bestJtune = Math.min(bestJtune, regret);
                }
                row.append(optuna ? String.format(Locale.ROOT, " %.3g (%.2f×) |", regret, regret / reference) : String.format(Locale.ROOT, " %.3g |", regret));
            }
            row.append(optuna ? String.format(Locale.ROOT, " %.2f× |", bestJtune / reference) : " – |");
            System.out.println(row);
        }
    }

    /** The median of the values. */
    public static double median(List<Double> values) {
        double[] s = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }

    /** Deletes a folder and everything in it. */
    public static void deleteTree(Path root) throws IOException {
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
