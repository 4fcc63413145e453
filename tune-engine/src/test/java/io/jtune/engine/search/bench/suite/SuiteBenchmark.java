package io.jtune.engine.search.bench.suite;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jtune.api.spi.SearchAlgorithm;
import io.jtune.engine.search.BasicVariantGenerator;
import io.jtune.engine.search.auto.AutoSearch;
import io.jtune.engine.search.auto.AutoSettings;
import io.jtune.engine.search.bench.Driver;
import io.jtune.engine.search.bench.TunerSearchBenchmark;
import io.jtune.engine.search.cmaes.CmaEsSearch;
import io.jtune.engine.search.gp.BayesOptSearch;
import io.jtune.engine.search.tpe.TpeSearch;
import io.jtune.engine.search.tpe.TpeSettings;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * The search suite ({@link Suite}) through the {@code Tuner}: every jtune searcher named in
 * {@code -Dsearchers} (Random; TPE, the default, which is Optuna 3.1's TPE, also named TPE-3.1; TPE-true, with true-density kernels;
 * TPE{...}, a variant ({@link #tpeVariant}); GP, CMA-ES, Auto; Auto-N switches after N trials, Auto-0 never; or {@code none}) and Optuna 3.1's samplers named in
 * {@code -Doptuna} (TPE — Optuna 3.1's default sampler, so also its default —, CMA-ES, Random; or
 * {@code none}), {@code evaluations} trials × {@code seeds} seeds, one trial at a time. Optuna runs
 * in {@code src/test/python/optuna_ask_tell.py} during the same invocation, on a second thread,
 * asking this JVM for every function value, so both sides evaluate the same code. Each run's regret
 * goes as a JSON line to {@code -Dout} (default {@code target/search-suite.jsonl}); the table of
 * median regrets and the summary print at the end. {@code table FILE...} prints them from saved
 * runs (several files are merged; {@code -DfirstSeed} and {@code -Dseeds} keep those seeds' runs, so
 * searchers run on more seeds than a cached reference are compared on the same ones). Arguments:
 * the budgets (a comma-separated list, e.g. {@code 50,200}: one run of the largest, each budget's
 * regret read off its best-so-far), seeds, and optionally a regular expression the problems' names
 * must match; {@code -Ddims=2,5,10} the BBOB dimensions, {@code -DfirstSeed} the first seed,
 * {@code -Ddirect=true} drives jtune's searchers without the {@code Tuner} (the same suggestions
 * and regrets, {@code SuiteBenchmarkTest}; faster), {@code -Dreference} the column ratios are to,
 * {@code -Drows=false} prints the summary alone.
 *
 * <pre>
 * mvn -q -pl tune-engine -am test-compile exec:java -Dexec.skip=true -Dexec.classpathScope=test \
 *     -Dexec.mainClass=io.jtune.engine.search.bench.suite.SuiteBenchmark -Dexec.args="100 5"
 * </pre>
 */
public final class SuiteBenchmark {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The Optuna side, from the repository root (where the documented command runs) or the module folder. */
    private static final Path OPTUNA_SCRIPT = Stream.of(Path.of("tune-engine/src/test/python/optuna_ask_tell.py"), Path.of("src/test/python/optuna_ask_tell.py"))
            .filter(Files::isRegularFile).findFirst().orElse(Path.of("tune-engine/src/test/python/optuna_ask_tell.py"));
    /** Regrets below this count as this (COCO's final target precision), so ratios stay finite. */
    static final double FLOOR = 1e-8;
    /** The column ratios are to: {@code -Dreference}, Optuna TPE by default. */
    private static final String REFERENCE = System.getProperty("reference", "Optuna TPE");

    private SuiteBenchmark() {
    }

    /** A run's outcome. */
    record Run(String problem, String family, String searcher, long seed, int budget, double regret) {
    }

    /** jtune's searchers by name; null when the searcher cannot take the problem's space (CMA-ES on a categorical). */
    static Supplier<SearchAlgorithm> jtune(String name, SuiteProblem problem, int evaluations) {
        boolean categorical = problem.params().stream().anyMatch(p -> p.type().equals("cat"));
        if (name.matches("TPE(-3\\.1)?\\{.*}")) {
            TpeSettings settings = tpeVariant(name);
            return () -> new TpeSearch(settings);
        }
        if (name.matches("Auto-\\d+")) {
            return () -> new AutoSearch(AutoSettings.defaults().withSwitchAfter(Integer.parseInt(name.substring(5))));
        }
        return switch (name) {
            case "Random" -> () -> new BasicVariantGenerator(evaluations);
            case "TPE" -> () -> new TpeSearch();
            case "TPE-3.1" -> () -> new TpeSearch(TpeSettings.optuna());
            case "TPE-true" -> () -> new TpeSearch(TpeSettings.trueDensities());

            case "GP" -> () -> new BayesOptSearch();
            case "CMA-ES" -> categorical ? null : () -> new CmaEsSearch();
            case "Auto" -> () -> new AutoSearch();
            default -> throw new IllegalArgumentException("-Dsearchers: Random, TPE, TPE-3.1, TPE-true, GP, CMA-ES or Auto, got " + name
                    + " (Auto-N: AutoSearch switching after N trials, 0 never; TPE{...} or TPE-3.1{...}: a TPE variant)");
        };
    }

    /**
     * A TPE variant: {@code TPE{...}} (or {@code TPE-3.1{...}}) departs from {@link TpeSettings#defaults()},
     * Optuna 3.1's TPE, by the settings between the braces, separated by {@code ;}:
     * {@code multivariate}, {@code endpoints}, {@code normalized}, {@code heightless} (Optuna 3.1's kernels),
     * {@code noprior}, {@code candidates=N}, {@code startup=N}, {@code gamma=G/MAX}, {@code prior=W}, {@code seed=S} (a seed of the
     * searcher's own for every run: the same searcher on other random numbers, which shows how far the medians move by chance alone).
     */
    static TpeSettings tpeVariant(String name) {
        TpeSettings s = TpeSettings.defaults();
        String body = name.substring(name.indexOf('{') + 1, name.length() - 1);
        for (String item : body.split(";")) {
            String[] kv = item.split("=", 2);
            s = switch (kv[0]) {
                case "" -> s;
                case "multivariate" -> s.withMultivariate(true);
                case "endpoints" -> s.withConsiderEndpoints(true);
                case "normalized" -> s.withNormalizedKernels(true);
                case "heightless" -> s.withNormalizedKernels(false);
                case "noprior" -> s.withConsiderPrior(false);
                case "candidates" -> s.withNEiCandidates(Integer.parseInt(kv[1]));
                case "startup" -> s.withNStartupTrials(Integer.parseInt(kv[1]));
                case "gamma" -> s.withGamma(Double.parseDouble(kv[1].split("/")[0]), Integer.parseInt(kv[1].split("/")[1]));
                case "prior" -> s.withPriorWeight(Double.parseDouble(kv[1]));
                case "seed" -> s.withSeed(Long.parseLong(kv[1]));
                default -> throw new IllegalArgumentException(name + ": unknown TPE setting " + kv[0]
                        + " (multivariate, endpoints, normalized, heightless, noprior, candidates=N, startup=N, gamma=G/MAX, prior=W, seed=S)");
            };
        }
        return s;
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("table")) {
            long from = Long.getLong("firstSeed", 0);
            long to = from + Long.getLong("seeds", Long.MAX_VALUE - from);
            List<Run> runs = new ArrayList<>();
            for (String file : Arrays.copyOfRange(args, 1, args.length)) {
                for (String line : Files.readAllLines(Path.of(file))) {
                    Run run = JSON.readValue(line, Run.class);
                    if (run.seed() >= from && run.seed() < to) {
                        runs.add(run);
                    }
                }
            }
            printTable(runs, System.out);
            return;
        }
        int[] budgets = Arrays.stream((args.length > 0 ? args[0] : "100").split(",")).mapToInt(Integer::parseInt).sorted().toArray();
        int seeds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        String pattern = args.length > 2 ? args[2] : ".*";
        int firstSeed = Integer.getInteger("firstSeed", 0);
        int[] dims = Arrays.stream(System.getProperty("dims", "2,5,10").split(",")).mapToInt(Integer::parseInt).toArray();
        List<SuiteProblem> problems = Suite.all(dims).stream().filter(p -> p.name().matches(pattern)).toList();
        String jtuneNames = System.getProperty("searchers", "Random,TPE,GP,CMA-ES");
        List<String> searchers = jtuneNames.equals("none") ? List.of() : List.of(jtuneNames.split(",(?![^{]*})"));
        boolean direct = Boolean.getBoolean("direct");
        String optunaNames = System.getProperty("optuna", "TPE,CMA-ES");
        List<String> samplers = optunaNames.equals("none") ? List.of() : List.of(optunaNames.split(","));
        Path out = Path.of(System.getProperty("out", "target/search-suite.jsonl"));
        Files.createDirectories(out.toAbsolutePath().getParent());
        List<Run> runs = new ArrayList<>();
        long start = System.nanoTime();
        try (BufferedWriter writer = Files.newBufferedWriter(out, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING)) {
            Recorder recorder = new Recorder(writer, runs);
            Thread optuna = new Thread(() -> runOptuna(problems, samplers, budgets, firstSeed, seeds, recorder), "optuna-side");
            optuna.start();
            Path storage = Files.createTempDirectory("jtune-search-suite");
            try {
                for (SuiteProblem problem : problems) {
                    for (String name : searchers) {
                        Supplier<SearchAlgorithm> make = jtune(name, problem, budgets[budgets.length - 1]);
                        for (long seed = firstSeed; make != null && seed < firstSeed + seeds; seed++) {
                            var p = problem.problem(seed);
                            double[] best = direct ? Driver.bestAt(make.get(), p, seed, budgets)
                                    : TunerSearchBenchmark.bestAtThroughTuner(p, name, make.get(), seed, storage, budgets);
                            for (int b = 0; b < budgets.length; b++) {
                                recorder.add(new Run(problem.name(), problem.family(), "jtune " + name, seed, budgets[b], best[b] - p.optimum()));
                            }
                        }
                    }
                    System.err.printf(Locale.ROOT, "%s done (jtune) at %.0f s%n", problem.name(), (System.nanoTime() - start) / 1e9);
                }
            } finally {
                TunerSearchBenchmark.deleteTree(storage);
            }
            optuna.join();
            if (recorder.failure != null) {
                throw recorder.failure;
            }
        }
        System.err.printf(Locale.ROOT, "all done in %.0f s; runs in %s%n", (System.nanoTime() - start) / 1e9, out);
        printTable(runs, System.out);
    }

    /** Collects runs from both threads and appends each to the output file. */
    private static final class Recorder {
        private final BufferedWriter writer;
        private final List<Run> runs;
        private volatile RuntimeException failure;

        Recorder(BufferedWriter writer, List<Run> runs) {
            this.writer = writer;
            this.runs = runs;
        }

        synchronized void add(Run run) {
            runs.add(run);
            try {
                writer.write(JSON.writeValueAsString(run));
                writer.newLine();
                writer.flush();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** Every problem, sampler and seed through the Optuna script, which asks this JVM for each value. */
    private static void runOptuna(List<SuiteProblem> problems, List<String> samplers, int[] budgets, int firstSeed, int seeds, Recorder recorder) {
        int evaluations = budgets[budgets.length - 1];
        if (samplers.isEmpty()) {
            return;
        }
        try {
            Process python = new ProcessBuilder(System.getProperty("python", "/usr/bin/python3"), OPTUNA_SCRIPT.toString())
                    .redirectError(ProcessBuilder.Redirect.INHERIT).start();
            try (BufferedWriter toPython = new BufferedWriter(new OutputStreamWriter(python.getOutputStream(), StandardCharsets.UTF_8));
                    BufferedReader fromPython = new BufferedReader(new InputStreamReader(python.getInputStream(), StandardCharsets.UTF_8))) {
                for (SuiteProblem problem : problems) {
                    for (String sampler : samplers) {
                        for (long seed = firstSeed; seed < firstSeed + seeds; seed++) {
                            SuiteProblem.Instance instance = problem.instance().apply((int) seed + 1);
                            toPython.write(JSON.writeValueAsString(Map.of("sampler", sampler, "seed", seed, "trials", evaluations, "params", problem.paramsJson())));
                            toPython.newLine();
                            toPython.flush();
                            double best = Double.POSITIVE_INFINITY;
                            double[] trajectory = new double[evaluations];
                            for (int t = 0; t < evaluations; t++) {
                                String line = fromPython.readLine();
                                if (line == null) {
                                    throw new IllegalStateException(OPTUNA_SCRIPT + " ended early (exit " + python.waitFor() + "); install Optuna 3.1: apt-get install python3-optuna");
                                }
                                @SuppressWarnings("unchecked")
                                Map<String, Object> params = JSON.convertValue(JSON.readTree(line).get("params"), Map.class);
                                double value = instance.function().applyAsDouble(params);
                                best = Math.min(best, value);
                                trajectory[t] = best;
                                toPython.write("{\"value\": " + value + "}");
                                toPython.newLine();
                                toPython.flush();
                            }
                            double[] at = Driver.at(trajectory, budgets);
                            for (int b = 0; b < budgets.length; b++) {
                                recorder.add(new Run(problem.name(), problem.family(), "Optuna " + sampler, seed, budgets[b], at[b] - instance.optimum()));
                            }
                        }
                    }
                }
            }
            if (python.waitFor() != 0) {
                throw new IllegalStateException(OPTUNA_SCRIPT + " failed (exit " + python.exitValue() + ")");
            }
        } catch (IOException e) {
            recorder.failure = new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            recorder.failure = new IllegalStateException("interrupted", e);
        } catch (RuntimeException e) {
            recorder.failure = e;
        }
    }

    /** The median regret of each searcher on each problem (floored at {@link #FLOOR}), problems in the order first seen. */
    static Map<String, Map<String, Double>> medians(List<Run> runs) {
        Map<String, Map<String, List<Double>>> by = new LinkedHashMap<>();
        for (Run r : runs) {
            by.computeIfAbsent(r.problem(), k -> new LinkedHashMap<>()).computeIfAbsent(r.searcher(), k -> new ArrayList<>()).add(Math.max(FLOOR, r.regret()));
        }
        Map<String, Map<String, Double>> medians = new LinkedHashMap<>();
        by.forEach((problem, m) -> {
            Map<String, Double> row = new LinkedHashMap<>();
            m.forEach((s, v) -> row.put(s, TunerSearchBenchmark.median(v)));
            medians.put(problem, row);
        });
        return medians;
    }

    /** {@link #printBudget} for each budget of the runs, smallest first. */
    static void printTable(List<Run> runs, PrintStream out) {
        Map<Integer, List<Run>> byBudget = new TreeMap<>();
        runs.forEach(r -> byBudget.computeIfAbsent(r.budget(), k -> new ArrayList<>()).add(r));
        byBudget.forEach((budget, some) -> {
            out.println(budget == 0 ? "### Runs without a recorded budget" : "### " + budget + " trials");
            out.println();
            printBudget(some, out);
            out.println();
        });
    }

    /**
     * The per-problem table (unless {@code -Drows=false}) and, for each searcher, how often it is at most the
     * reference's median regret, at most half of it, at most 1.5 times it, and its worst ratio.
     */
    static void printBudget(List<Run> runs, PrintStream out) {
        Map<String, Map<String, Double>> medians = medians(runs);
        Set<String> columns = new LinkedHashSet<>();
        runs.stream().map(Run::searcher).filter(s -> s.startsWith("jtune")).forEach(columns::add);
        runs.stream().map(Run::searcher).filter(s -> !s.startsWith("jtune")).sorted().forEach(columns::add);
        Map<String, String> family = new LinkedHashMap<>();
        runs.forEach(r -> family.putIfAbsent(r.problem(), r.family()));
        int seeds = (int) runs.stream().map(Run::seed).distinct().count();
        out.println("Median regret over " + seeds + " seeds (× " + REFERENCE + "'s, regrets below " + FLOOR + " counted as " + FLOOR + ")");
        out.println();
        boolean rows = Boolean.parseBoolean(System.getProperty("rows", "true"));
        if (rows) {
            out.println("| problem | " + String.join(" | ", columns) + " |");
            out.println("|---" + "|---".repeat(columns.size()) + "|");
        }
        medians.forEach((problem, row) -> {
            if (!rows) {
                return;
            }
            Double reference = row.get(REFERENCE);
            StringBuilder line = new StringBuilder("| " + problem + " |");
            for (String c : columns) {
                Double m = row.get(c);
                line.append(m == null ? " – |" : reference == null || c.equals(REFERENCE) ? String.format(Locale.ROOT, " %.3g |", m)
                        : String.format(Locale.ROOT, " %.3g (%.2f×) |", m, m / reference));
            }
            out.println(line);
        });
        if (medians.values().stream().noneMatch(row -> row.containsKey(REFERENCE))) {
            return;
        }
        out.println();
        // the best of jtune's searchers named by hand, per problem (what the user who picks the right one gets); variants {...} aside
        String bestOfJtune = "best of jtune's searchers (random, Auto and variants aside)";
        medians.values().forEach(row -> row.entrySet().stream()
                .filter(e -> e.getKey().startsWith("jtune") && !e.getKey().equals("jtune Random") && !e.getKey().startsWith("jtune Auto") && !e.getKey().contains("{"))
                .mapToDouble(Map.Entry::getValue).min().ifPresent(best -> row.put(bestOfJtune, best)));
        if (medians.values().stream().anyMatch(row -> row.containsKey(bestOfJtune))) {
            columns.add(bestOfJtune);
        }
        List<String> families = new ArrayList<>(new LinkedHashSet<>(family.values()));
        out.println("| searcher | problems | ≤ " + REFERENCE + " | ≤ ½ " + REFERENCE + " | ≤ 1.5× " + REFERENCE + " | ≤ Optuna CMA-ES | worst ratio (problem) | geometric mean ratio | ≤ "
                + REFERENCE + " by family (" + String.join(", ", families) + ") |");
        out.println("|---|---|---|---|---|---|---|---|---|");
        for (String c : columns) {
            if (c.equals(REFERENCE)) {
                continue;
            }
            int n = 0;
            int atMost = 0;
            int half = 0;
            int within = 0;
            int cmaN = 0;
            int cma = 0;
            double logSum = 0;
            double worst = 0;
            String worstProblem = "";
            Map<String, int[]> byFamily = new LinkedHashMap<>();
            families.forEach(f -> byFamily.put(f, new int[2]));
            for (Map.Entry<String, Map<String, Double>> e : medians.entrySet()) {
                Double m = e.getValue().get(c);
                Double ref = e.getValue().get(REFERENCE);
                if (m == null || ref == null) {
                    continue;
                }
                double ratio = m / ref;
                n++;
                atMost += ratio <= 1 ? 1 : 0;
                half += ratio <= 0.5 ? 1 : 0;
                within += ratio <= 1.5 ? 1 : 0;
                logSum += Math.log(ratio);
                if (ratio > worst) {
                    worst = ratio;
                    worstProblem = e.getKey();
                }
                int[] f = byFamily.get(family.get(e.getKey()));
                f[0] += ratio <= 1 ? 1 : 0;
                f[1]++;
                Double optunaCma = e.getValue().get("Optuna CMA-ES");
                if (optunaCma != null && !c.equals("Optuna CMA-ES")) {
                    cmaN++;
                    cma += m <= optunaCma ? 1 : 0;
                }
            }
            StringBuilder fam = new StringBuilder();
            byFamily.forEach((f, v) -> fam.append(fam.length() == 0 ? "" : ", ").append(v[0]).append('/').append(v[1]));
            if (n == 0) {
                continue;
            }
            out.printf(Locale.ROOT, "| %s | %d | %d (%.0f %%) | %d (%.0f %%) | %d (%.0f %%) | %s | %.2f× (%s) | %.2f× | %s |%n", c, n, atMost, 100.0 * atMost / n,
                    half, 100.0 * half / n, within, 100.0 * within / n, cmaN == 0 ? "–" : String.format(Locale.ROOT, "%d/%d", cma, cmaN), worst, worstProblem, Math.exp(logSum / n), fam);
        }
    }
}
