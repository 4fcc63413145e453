package io.jtune.maven;

import static io.jtune.api.ConfigurationKeys.EXPERIMENT;
import static io.jtune.api.ConfigurationKeys.REPORT_OUTPUT;

import io.jtune.api.TuneException;
import io.jtune.engine.runner.state.ExperimentFolders;
import io.jtune.engine.runner.state.ExperimentState;
import io.jtune.report.Reports;
import java.io.File;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Renders {@code report.html} from an experiment folder (finished, interrupted, resumed or written
 * by an older version): {@code mvn tune:report -Djtune.experiment=target/jtune/MyTrainable_2026-01-01_12-00-00},
 * or {@code target/jtune/MyTrainable} for the latest run of {@code MyTrainable}. Needs
 * no project and reads only the folder's files.
 */
@Mojo(name = "report", requiresProject = false, threadSafe = true)
public class ReportMojo extends AbstractMojo {

    /** The experiment folder (the one holding {@code experiment_state.json}), or {@code <storage>/<trainable>} for its latest run. */
    @Parameter(property = EXPERIMENT, required = true)
    private File experiment;

    /** The HTML file to write; default {@code report.html} in the experiment folder. */
    @Parameter(property = REPORT_OUTPUT)
    private File output;

    @Override
    public void execute() throws MojoFailureException {
        Path dir = latestRunOf(experiment.toPath().toAbsolutePath());
        Path file = output != null ? output.toPath() : dir.resolve(Reports.FILE);
        try {
            Reports.write(dir, file);
        } catch (TuneException | UncheckedIOException e) {
            throw new MojoFailureException(e.getMessage(), e);
        }
        getLog().info("report: " + file.toAbsolutePath().toUri());
    }

    /** {@code target/jtune/MyTrainable}, a trainable's name rather than a folder: its latest run {@code MyTrainable_<date>}. */
    private static Path latestRunOf(Path dir) {
        if (Files.exists(dir.resolve(ExperimentState.FILE)) || dir.getParent() == null) {
            return dir;
        }
        return ExperimentFolders.latest(dir.getParent(), dir.getFileName().toString()).orElse(dir);
    }
}
