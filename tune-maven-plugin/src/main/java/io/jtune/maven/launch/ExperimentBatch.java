package io.jtune.maven.launch;

import io.jtune.api.ConfigurationKeys;
import io.jtune.api.TuneException;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.Tuner;
import io.jtune.engine.annotated.AnnotatedTrainables;
import io.jtune.engine.runner.state.ExperimentFolders;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * Runs {@code tune:run}'s experiments inside the project's class loader, where the project's
 * {@code @Trainable} classes, its {@code io.jtune.api} and the engine are one consistent set of
 * classes. The plugin calls it through JDK types only: a {@link Consumer} for summary lines, a
 * {@link BiConsumer} for warnings with their cause, the class names and the
 * {@link io.jtune.api.ConfigurationKeys} settings. The engine prints the progress table to standard output.
 *
 * <p>Each run of an experiment is a new folder {@code <storage>/<name>_<date>} (as the JUnit engine
 * and the Tuner name theirs), so a re-run after a fix needs no {@code mvn clean}; a later
 * {@code -Djtune.resume} continues the latest of them with {@code Tuner.restore} (one that was
 * never started starts). Experiments run one after another; one that fails does not stop the next.
 */
public final class ExperimentBatch {
    private static final String REASON_SEPARATOR = System.lineSeparator() + "      ";

    private final Consumer<String> info;
    private final BiConsumer<String, Throwable> warn;

    public ExperimentBatch(Consumer<String> info, BiConsumer<String, Throwable> warn) {
        this.info = info;
        this.warn = warn;
    }

    /**
     * Runs every class and returns one message per failed experiment, naming each reason: it
     * could not run, trials ended in ERROR, an {@code @Expect} was missed.
     *
     * @throws IllegalArgumentException when a setting is invalid (nothing has run then)
     */
    public List<String> run(List<String> classNames, Map<String, String> settings) {
        RunSettings run = RunSettings.from(settings);
        List<String> failures = new ArrayList<>();
        for (String className : classNames) {
            Class<?> trainableClass = load(className);
            String name = AnnotatedTrainables.nameOf(trainableClass);
            info.accept("jtune: experiment " + name + " (" + className + ")");
            List<String> reasons;
            try {
                ExperimentReport report = ExperimentReport.of(trainableClass, fit(trainableClass, name, run));
                report.summary().forEach(info);
                reasons = report.failures();
            } catch (TuneException e) {
                reasons = List.of(e.getMessage());
            } catch (RuntimeException e) {
                warn.accept("jtune: experiment " + name + " could not run", e);
                reasons = List.of("could not run: " + e);
            }
            if (!reasons.isEmpty()) {
                failures.add(name + ": " + String.join(REASON_SEPARATOR, reasons));
            }
        }
        return failures;
    }

    private ResultGrid fit(Class<?> trainableClass, String name, RunSettings run) {
        if (run.resume() != null) {
            Optional<Path> latest = ExperimentFolders.latest(run.storage(), name);
            if (latest.isPresent()) {
                return resume(trainableClass, latest.get(), run);
            }
            info.accept("  no experiment " + name + "_<date> to resume in " + run.storage() + ": starting a new one");
        }
        Tuner tuner = Tuner.of(trainableClass).storagePath(run.storage()).progress(!run.quiet());
        run.samples().ifPresent(tuner::numSamples);
        run.seed().ifPresent(tuner::seed);
        run.maxConcurrent().ifPresent(tuner::maxConcurrentTrials);
        return tuner.fit();
    }

    /** Continues the experiment in {@code dir} with the samples and seed it started with. */
    private ResultGrid resume(Class<?> trainableClass, Path dir, RunSettings run) {
        info.accept("  resuming " + dir + " (" + ConfigurationKeys.RESUME + "=" + run.resume() + ")");
        if (run.samples().isPresent() || run.seed().isPresent()) {
            info.accept("  " + ConfigurationKeys.SAMPLES + " and " + ConfigurationKeys.SEED + " are ignored: a resumed experiment keeps those it started with");
        }
        Tuner tuner = Tuner.restore(dir, trainableClass).resume(run.resume().engineMode()).progress(!run.quiet());
        run.maxConcurrent().ifPresent(tuner::maxConcurrentTrials);
        return tuner.fit();
    }

    private static Class<?> load(String className) {
        try {
            return Class.forName(className, false, ExperimentBatch.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("@Trainable class " + className + " is listed but not on the test class path: recompile the project", e);
        }
    }
}
