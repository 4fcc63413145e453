package io.jtune.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.jtune.engine.ResultGrid;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;

/**
 * Writes an experiment's {@code report.html}: one self-contained HTML file (learning curves, best
 * so far, parallel coordinates, parameter importance, the trial table and the settings) that
 * opens from {@code file://} without network.
 *
 * <pre>{@code
 * ResultGrid grid = tuner.fit();
 * Reports.write(grid, Path.of("report.html"));
 * Reports.write(Path.of("jtune-results/MyTrainable_2025-01-01_12-00-00"), Path.of("old-run.html"));
 * }</pre>
 */
public final class Reports {
    /** The report's file name inside an experiment folder. */
    public static final String FILE = "report.html";
    private static final SecureRandom TEMP_NAMES = new SecureRandom();

    private Reports() {
    }

    /**
     * Renders the experiment in {@code experimentDir} (written by this or an older version, finished,
     * interrupted or resumed) into {@code file}, replacing it atomically.
     *
     * @return {@code file}
     * @throws io.jtune.api.TuneException naming the folder when it holds no experiment
     */
    public static Path write(Path experimentDir, Path file) {
        return write(ExperimentRecord.read(experimentDir), file);
    }

    /** Renders a finished experiment's grid into {@code file} (its settings come from the grid's folder, when it has one). */
    public static Path write(ResultGrid grid, Path file) {
        return write(ExperimentRecord.of(grid), file);
    }

    static Path write(ExperimentRecord experiment, Path file) {
        return writeAtomically(file, ReportPage.render(ReportModel.of(experiment), null));
    }

    /** The page of a live dashboard: the report drawing {@code live}'s data and refreshing from it. */
    static String livePage(ExperimentRecord experiment, JsonNode live) {
        return ReportPage.render(ReportModel.of(experiment), live);
    }

    private static Path writeAtomically(Path file, String html) {
        Path target = file.toAbsolutePath();
        try {
            Files.createDirectories(target.getParent());
            // not Files.createTempFile, whose file is private (rw-------): the report gets the mode every other file gets (the umask's)
            Path temp = target.resolveSibling("." + target.getFileName() + "." + Long.toUnsignedString(TEMP_NAMES.nextLong(), 36) + ".tmp");
            try {
                Files.writeString(temp, html, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                try {
                    Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                Files.deleteIfExists(temp);
            }
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the report " + target + ": " + e.getMessage(), e);
        }
    }
}
