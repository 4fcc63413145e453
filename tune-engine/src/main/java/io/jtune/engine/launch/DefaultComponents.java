package io.jtune.engine.launch;

import io.jtune.api.TuneException;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.SearchAlgorithm;
import io.jtune.api.spi.TrialScheduler;
import io.jtune.engine.log.FallbackLogging;
import io.jtune.engine.output.CsvLoggerCallback;
import io.jtune.engine.output.ErrorFileCallback;
import io.jtune.engine.output.JsonLoggerCallback;
import io.jtune.engine.output.ProgressReporter;
import io.jtune.engine.schedule.FifoScheduler;
import io.jtune.engine.search.BasicVariantGenerator;
import io.jtune.engine.search.SearcherWrapper;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
/** The components an experiment gets unless the {@link io.jtune.engine.Tuner} is told otherwise, as in Ray Tune. */
public final class DefaultComponents {
    /** Ray Tune's CLI reporter refreshes at most every 5 s. */
    private static final Duration PROGRESS_INTERVAL = Duration.ofSeconds(5);

    private DefaultComponents() {
    }

    public static SearchAlgorithm searcher(int numSamples) {
        return new BasicVariantGenerator(numSamples);
    }

    public static TrialScheduler scheduler() {
        return new FifoScheduler();
    }

    /** params.json + result.json, progress.csv and error.txt in every trial folder. */
    public static List<Callback> loggers() {
        return List.of(new JsonLoggerCallback(), new CsvLoggerCallback(), new ErrorFileCallback());
    }

    /**
     * The callbacks found on the class path of the engine (its {@code ServiceLoader}, entries in
     * {@code META-INF/services/io.jtune.api.spi.Callback}), e.g. tune-report's report.html writer;
     * a new instance of each per experiment.
     */
    public static List<Callback> discovered() {
        FallbackLogging.install(); // before a discovered callback's class asks SLF4J for its logger
        try {
            List<Callback> found = new ArrayList<>();
            ServiceLoader.load(Callback.class, DefaultComponents.class.getClassLoader()).forEach(found::add);
            return found;
        } catch (ServiceConfigurationError e) {
            throw new TuneException("cannot load a callback named in META-INF/services/" + Callback.class.getName() + " on the class path: "
                    + e.getMessage() + (e.getCause() == null ? "" : " (" + e.getCause().getMessage() + ")") + "; fix or remove that entry (or the jar holding it)", e);
        }
    }

    /**
     * The progress table on stdout, redrawn in place on a terminal, counting the trials against the
     * grid x samples of a basic variant generator in {@code search}, else against {@code numSamples}.
     */
    public static ProgressReporter progressReporter(SearchAlgorithm search, int numSamples) {
        ProgressReporter reporter = new ProgressReporter(System.out, PROGRESS_INTERVAL, System.console() != null);
        return SearcherWrapper.find(search, BasicVariantGenerator.class)
                .map(variants -> reporter.totalTrials(variants::totalVariants))
                .orElseGet(() -> reporter.totalTrials(() -> numSamples));
    }
}
