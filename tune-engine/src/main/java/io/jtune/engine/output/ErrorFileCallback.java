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
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.LocalDateTime;

/**
 * Writes a trial's failures to its {@code error.txt} in Ray Tune's format: a line
 * {@code Failure # N (occurred at yyyy-MM-dd_HH-mm-ss)} followed by the stack trace. N keeps
 * counting across retries and resumed runs. The file stays small however often a trial fails: it
 * keeps the first failure and the latest one, with a line counting those in between, and each
 * trace is cut at {@value #MAX_TRACE_CHARS} characters. Rewritten atomically (temp file, rename).
 */
public final class ErrorFileCallback implements Callback {
    /** The error file of a trial. */
    public static final String ERROR_FILE = "error.txt";
    static final int MAX_TRACE_CHARS = 16_000;
    private static final String HEADER_PREFIX = "Failure # ";
    private static final String OMITTED_PREFIX = "(not kept: ";

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
            String previous = Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
            long failure = lastFailureNumber(previous) + 1;
            StringBuilder text = new StringBuilder();
            if (failure > 1) {
                text.append(firstEntry(previous));
                if (failure > 2) {
                    text.append(OMITTED_PREFIX).append(failure - 2).append(" failure(s) between # 1 and # ").append(failure)
                            .append("; error.txt keeps the first and the latest)\n\n");
                }
            }
            text.append(entry(failure, error));
            write(file, text);
        } catch (IOException e) {
            // the trial's own failure comes first: it is often what made the write fail (a full disk)
            throw new UncheckedIOException("trial " + trial.id() + " failed: " + error + "; then its failure could not be written to " + file + ": "
                    + e.getMessage(), e);
        }
    }

    /** Writes {@code text} to {@code file} through a temporary file, which does not outlive a failed write. */
    private static void write(Path file, CharSequence text) throws IOException {
        Path temp = file.resolveSibling(ERROR_FILE + ".tmp");
        try {
            Files.writeString(temp, text, StandardCharsets.UTF_8);
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            Files.deleteIfExists(temp);
            throw e;
        }
    }

    private String entry(long failure, Throwable error) {
        StringWriter trace = new StringWriter();
        error.printStackTrace(new PrintWriter(trace, true));
        String stack = trace.toString();
        if (stack.length() > MAX_TRACE_CHARS) {
            stack = stack.substring(0, MAX_TRACE_CHARS) + "\n\t... (trace cut at " + MAX_TRACE_CHARS + " characters)\n";
        }
        return HEADER_PREFIX + failure + " (occurred at " + DateStamp.of(LocalDateTime.now(clock)) + ")\n" + stack + "\n";
    }

    /** The highest failure number in the file (0 when none). */
    private static long lastFailureNumber(String text) {
        long last = 0;
        for (String line : text.split("\n")) {
            if (line.startsWith(HEADER_PREFIX)) {
                int end = line.indexOf(' ', HEADER_PREFIX.length());
                try {
                    last = Math.max(last, Long.parseLong(line.substring(HEADER_PREFIX.length(), end < 0 ? line.length() : end)));
                } catch (NumberFormatException notANumber) {
                    // a line of a trace that happens to start like a header
                }
            }
        }
        return last;
    }

    /** The file's first entry: from its first header to the next header or the line counting those not kept. */
    private static String firstEntry(String text) {
        int start = text.startsWith(HEADER_PREFIX) ? 0 : text.indexOf("\n" + HEADER_PREFIX) + 1;
        int nextHeader = text.indexOf("\n" + HEADER_PREFIX, start);
        int omitted = text.indexOf("\n" + OMITTED_PREFIX, start);
        int end = text.length();
        if (nextHeader >= 0) {
            end = nextHeader + 1;
        }
        if (omitted >= 0 && omitted + 1 < end) {
            end = omitted + 1;
        }
        return text.substring(start, end);
    }
}
