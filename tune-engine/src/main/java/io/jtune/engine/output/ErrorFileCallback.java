package io.jtune.engine.output;

import io.jtune.api.spi.Callback;
import io.jtune.api.spi.TrialView;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/**
 * Appends every failure of a trial to its {@code error.txt}, as Ray Tune does: a line
 * {@code Failure # N (occurred at yyyy-MM-dd_HH-mm-ss)} followed by the stack trace. N counts the
 * failures already in the file, so it keeps counting across retries and resumed runs.
 */
public final class ErrorFileCallback implements Callback {
    /** The error file of a trial. */
    public static final String ERROR_FILE = "error.txt";
    private static final String HEADER_PREFIX = "Failure # ";
    private static final DateTimeFormatter RAY_DATE = DateTimeFormatter.ofPattern("yyyy-MM-dd_HH-mm-ss");

    private final Clock clock;

    public ErrorFileCallback() {
        this(Clock.systemDefaultZone());
    }

    /** With the clock that dates each failure (a fixed one in tests). */
    public ErrorFileCallback(Clock clock) {
        this.clock = clock;
    }

    @Override
    public void onTrialError(TrialView trial, Throwable error) {
        Path file = trial.localDir().resolve(ERROR_FILE);
        try {
            Files.createDirectories(trial.localDir());
            long failure = previousFailures(file) + 1;
            StringWriter text = new StringWriter();
            text.append(HEADER_PREFIX).append(Long.toString(failure)).append(" (occurred at ")
                    .append(RAY_DATE.format(LocalDateTime.now(clock))).append(")\n");
            error.printStackTrace(new PrintWriter(text, true));
            text.append('\n');
            Files.writeString(file, text.toString(), StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append the failure of trial " + trial.id() + " to " + file + ": " + e.getMessage(), e);
        }
    }

    private static long previousFailures(Path file) throws IOException {
        if (!Files.exists(file)) {
            return 0;
        }
        try (var lines = Files.lines(file, StandardCharsets.UTF_8)) {
            return lines.filter(l -> l.startsWith(HEADER_PREFIX)).count();
        }
    }
}
