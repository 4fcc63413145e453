package io.jtune.maven.launch;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ConfiguratorRank;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.spi.ContextAwareBase;
import java.util.List;
import org.slf4j.Logger;

/**
 * Logback's configuration during {@code tune:run} when the project has no Logback configuration
 * of its own: warnings and errors to standard error, one line each, instead of Logback's default
 * of everything down to DEBUG on standard output. A project's {@code logback-test.xml} or
 * {@code logback.xml} (or the {@code logback.configurationFile} property) is left to Logback.
 * Found by Logback through {@code META-INF/services}.
 */
@ConfiguratorRank(ConfiguratorRank.CUSTOM_NORMAL_PRIORITY)
public final class WarningsOnlyLogbackConfigurator extends ContextAwareBase implements Configurator {
    private static final List<String> USER_CONFIGURATIONS = List.of("logback-test.xml", "logback.xml");

    @Override
    public ExecutionStatus configure(LoggerContext context) {
        ClassLoader loader = WarningsOnlyLogbackConfigurator.class.getClassLoader();
        if (System.getProperty("logback.configurationFile") != null
                || USER_CONFIGURATIONS.stream().anyMatch(name -> loader.getResource(name) != null)) {
            return ExecutionStatus.INVOKE_NEXT_IF_ANY;
        }
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern("[jtune %level] %logger{0}: %msg%n");
        encoder.start();
        ConsoleAppender<ILoggingEvent> console = new ConsoleAppender<>();
        console.setContext(context);
        console.setName("jtune-warnings");
        console.setTarget("System.err");
        console.setEncoder(encoder);
        console.start();
        ch.qos.logback.classic.Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.WARN);
        root.addAppender(console);
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }
}
