package io.jtune.engine;

import io.jtune.api.TuneException;
import io.jtune.engine.exec.LocalTrialExecutor;
import io.jtune.engine.exec.TrialExecutor;
import io.jtune.engine.process.ProcessOptions;
import io.jtune.engine.process.ProcessTrialExecutor;
import java.util.Locale;

/**
 * Makes the {@link TrialExecutor} one experiment runs its trials on, chosen with
 * {@link Tuner#executor(ExecutorFactory)} or {@code @Isolation} on the class. Without a choice,
 * {@link #fromSystemProperties()} decides by {@value #EXECUTOR_PROPERTY}.
 */
@FunctionalInterface
public interface ExecutorFactory {

    /** The system property choosing the executor by name: {@code threads} (the default) or {@code process}. */
    String EXECUTOR_PROPERTY = "jtune.executor";

    /** The executor of the experiment {@code spec} describes; it is closed when the experiment ends. */
    TrialExecutor create(ExperimentSpec spec);

    /** Trials on pooled threads of this JVM, against {@link ExperimentSpec#machine()}: fastest, no isolation. */
    static ExecutorFactory threads() {
        return spec -> new LocalTrialExecutor(spec.trainable(), spec.machine(), spec.reuseTrainables());
    }

    /** Each trial in a pooled worker JVM of this machine, started with {@link ProcessOptions#defaults()}. */
    static ExecutorFactory process() {
        return spec -> process(ProcessOptions.defaults()).create(spec);
    }

    /** Each trial in a pooled worker JVM of this machine, started as {@code options} say. */
    static ExecutorFactory process(ProcessOptions options) {
        return spec -> new ProcessTrialExecutor(spec.trainable(), spec.machine(), spec.reuseTrainables(), options);
    }

    /**
     * The executor called {@code name}: {@code threads} or {@code process}, any case.
     *
     * @throws TuneException naming {@code key} (where the name came from) and the choices for another name
     */
    static ExecutorFactory named(String name, String key) {
        return switch (name.trim().toLowerCase(Locale.ROOT)) {
            case "threads", "thread" -> threads();
            case "process" -> process();
            default -> throw new TuneException(key + "='" + name + "' names no executor: use threads (trials on threads of this JVM) or process (each trial in a worker JVM)");
        };
    }

    /** The executor {@value #EXECUTOR_PROPERTY} names, else {@link #threads()}. */
    static ExecutorFactory fromSystemProperties() {
        String name = System.getProperty(EXECUTOR_PROPERTY);
        return name == null || name.isBlank() ? threads() : named(name, "-D" + EXECUTOR_PROPERTY);
    }
}
