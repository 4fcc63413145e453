package io.jtune.engine.log;

import io.jtune.api.ConfigurationKeys;
import java.util.Locale;
import org.slf4j.LoggerFactory;

/**
 * jtune's logging when the class path has no SLF4J provider (a plain dependency user: a program
 * calling the {@code Tuner}, {@code mvn test}, the console launcher): instead of SLF4J's
 * {@code SLF4J(W): No SLF4J providers were found} and a no-operation logger that drops jtune's
 * warnings, SLF4J is pointed (its {@code slf4j.provider} property) at {@link StderrServiceProvider}:
 * warnings and errors, one line each, on standard error (and SLF4J's own notices below warnings,
 * {@code slf4j.internal.verbosity}, are left out, unless set). With any provider on the class path
 * (Logback, slf4j-simple, Log4j's), or {@code slf4j.provider} set, nothing changes: configure the
 * logger {@code io.jtune} there. The level of the fallback is {@value #LEVEL_PROPERTY}
 * ({@code error}, {@code warn} (default), {@code info}, {@code debug}, {@code trace}, {@code off}).
 *
 * <p>{@link #install()} runs before the engine first asks SLF4J for a logger: in {@link LazyLogger},
 * which every engine class logs through, and before classes of other modules that may log load
 * (callbacks found on the class path, the cluster executor, the JUnit engine). A run that logs
 * nothing never runs it, so it does not pay its look through every jar of the class path.
 */
public final class FallbackLogging {
    /** The fallback's level. */
    public static final String LEVEL_PROPERTY = ConfigurationKeys.LOG;

    static final String PROVIDER_PROPERTY = "slf4j.provider";
    private static final String VERBOSITY_PROPERTY = "slf4j.internal.verbosity";
    private static final String PROVIDER_SERVICE = "META-INF/services/org.slf4j.spi.SLF4JServiceProvider";

    private FallbackLogging() {
    }

    /** Points SLF4J at the fallback when it would find no provider; idempotent, cheap. */
    public static synchronized void install() {
        ClassLoader slf4j = LoggerFactory.class.getClassLoader();
        if (System.getProperty(PROVIDER_PROPERTY) == null && slf4j != null && slf4j.getResource(PROVIDER_SERVICE) == null) {
            System.setProperty(PROVIDER_PROPERTY, StderrServiceProvider.class.getName());
            if (System.getProperty(VERBOSITY_PROPERTY) == null) {
                // else SLF4J announces the provider it was told to use: SLF4J(I): Attempting to load provider ...
                System.setProperty(VERBOSITY_PROPERTY, "WARN");
            }
        }
    }

    /** The fallback's threshold, from {@value #LEVEL_PROPERTY}; an unknown value means the default, warn. */
    static int threshold() {
        String level = System.getProperty(LEVEL_PROPERTY, "warn").trim().toLowerCase(Locale.ROOT);
        return switch (level) {
            case "off" -> Integer.MAX_VALUE;
            case "error" -> org.slf4j.event.Level.ERROR.toInt();
            case "info" -> org.slf4j.event.Level.INFO.toInt();
            case "debug" -> org.slf4j.event.Level.DEBUG.toInt();
            case "trace" -> org.slf4j.event.Level.TRACE.toInt();
            default -> org.slf4j.event.Level.WARN.toInt();
        };
    }
}
