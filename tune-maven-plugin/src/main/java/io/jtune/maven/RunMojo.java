package io.jtune.maven;

import static io.jtune.api.ConfigurationKeys.EXPERIMENTS;
import static io.jtune.api.ConfigurationKeys.MAX_CONCURRENT;
import static io.jtune.api.ConfigurationKeys.QUIET;
import static io.jtune.api.ConfigurationKeys.RESUME;
import static io.jtune.api.ConfigurationKeys.SAMPLES;
import static io.jtune.api.ConfigurationKeys.SEED;
import static io.jtune.api.ConfigurationKeys.SKIP;
import static io.jtune.api.ConfigurationKeys.STORAGE;

import io.jtune.maven.IsolatedClassPath.ArtifactFile;
import java.io.File;
import java.nio.file.Path;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.artifact.DependencyResolutionRequiredException;
import org.apache.maven.model.Plugin;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.descriptor.PluginDescriptor;
import org.apache.maven.plugins.annotations.Execute;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.apache.maven.project.MavenProject;

/**
 * Runs the project's {@code @Trainable} experiments: compiles the project up to
 * {@code test-compile}, finds the classes (the annotation processor's index, else a scan of the
 * class files), runs each through the jtune engine on the project's test class path in a class
 * loader of its own, prints the progress table and a summary per experiment, and fails the build
 * when an experiment errs, misses an {@code @Expect}, or no class matches {@code jtune.experiments}.
 */
@Mojo(name = "run", requiresDependencyResolution = ResolutionScope.TEST, threadSafe = true)
@Execute(phase = LifecyclePhase.TEST_COMPILE)
public class RunMojo extends AbstractMojo {

    private static final String TUNE_API = IsolatedClassPath.JTUNE_GROUP + ":tune-api";

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    private MavenProject project;

    @Parameter(defaultValue = "${plugin}", readonly = true, required = true)
    private PluginDescriptor plugin;

    /**
     * Which experiments to run: comma-separated class-name patterns, each a simple name
     * ({@code Mnist*}) or a fully qualified name ({@code com.acme.tuning.*}); {@code *} matches any
     * characters, {@code ?} one. All {@code @Trainable} classes when not set.
     */
    @Parameter(property = EXPERIMENTS)
    private String experiments;

    /** Trials per experiment; overrides {@code @Samples}. */
    @Parameter(property = SAMPLES)
    private Integer samples;

    /**
     * The seed every random choice derives from; overrides {@code @Seed}. With FIFO or ASHA
     * scheduling a seed turns deterministic mode on (unless {@code -Djtune.deterministic} says
     * otherwise), so a seeded run at the same concurrency gives the same trials in the same order.
     */
    @Parameter(property = SEED)
    private Long seed;

    /** The folder the experiment folders go in; each run is a new {@code <storage>/<trainable name>_<date>}. */
    @Parameter(property = STORAGE, defaultValue = "${project.build.directory}/jtune")
    private File storage;

    /** The most trials running at once; overrides {@code @MaxConcurrent} (default: as many as the resources allow). */
    @Parameter(property = MAX_CONCURRENT)
    private Integer maxConcurrent;

    /**
     * Continue the latest experiment of each selected class in the storage folder instead of
     * starting a new one: {@code true} or {@code unfinished} (unfinished trials continue from their
     * last checkpoint), {@code errored} (errored ones too), {@code restart_errored} (errored ones
     * start over). An experiment that was never started starts.
     */
    @Parameter(property = RESUME)
    private String resume;

    /** No progress table (the summary is still printed). */
    @Parameter(property = QUIET, defaultValue = "false")
    private boolean quiet;

    /** Skip the goal. */
    @Parameter(property = SKIP, defaultValue = "false")
    private boolean skip;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("jtune: skipped (" + SKIP + "=true)");
            return;
        }
        if ("pom".equals(project.getPackaging())) {
            getLog().info("jtune: skipped, packaging pom has no classes");
            return;
        }
        List<ArtifactFile> projectArtifacts = toFiles(project.getArtifacts());
        if (projectArtifacts.stream().noneMatch(a -> a.key().equals(TUNE_API))) {
            getLog().info("jtune: skipped, " + project.getArtifactId() + " does not depend on " + TUNE_API);
            return;
        }
        warnOfOldSurefire(projectArtifacts);
        List<String> classNames = selectExperiments();
        IsolatedClassPath classPath = IsolatedClassPath.resolve(testClassPath(), projectArtifacts,
                plugin.getPluginArtifact().getFile().toPath(), toFiles(plugin.getArtifacts()), plugin.getVersion());
        classPath.warnings().forEach(getLog()::warn);
        if (getLog().isDebugEnabled()) {
            getLog().debug("jtune: class path of the run: " + classPath.elements());
        }
        List<String> failures = launch(classPath, classNames);
        if (!failures.isEmpty()) {
            throw new MojoFailureException(failureMessage(failures, classNames.size()));
        }
    }

    private void warnOfOldSurefire(List<ArtifactFile> projectArtifacts) {
        Plugin surefire = project.getBuild().getPluginsAsMap().get(SurefireCheck.SUREFIRE);
        boolean runsTuningTests = projectArtifacts.stream().anyMatch(a -> a.key().equals(SurefireCheck.JUNIT_ENGINE));
        SurefireCheck.warning(surefire == null ? null : surefire.getVersion(), runsTuningTests).ifPresent(getLog()::warn);
    }

    private List<String> selectExperiments() throws MojoFailureException {
        List<Path> outputDirs = List.of(Path.of(project.getBuild().getOutputDirectory()),
                Path.of(project.getBuild().getTestOutputDirectory()));
        TrainableDiscovery.Found found = TrainableDiscovery.in(outputDirs);
        if (getLog().isDebugEnabled()) {
            getLog().debug("jtune: read " + found.sources());
        }
        if (found.classNames().isEmpty()) {
            throw new MojoFailureException("jtune: no @Trainable class in " + outputDirs
                    + ": annotate a class with @io.jtune.api.Trainable in src/main/java or src/test/java");
        }
        ExperimentSelector selector = ExperimentSelector.parse(experiments);
        List<String> selected = selector.select(found.classNames());
        if (selected.isEmpty()) {
            throw new MojoFailureException("jtune: no @Trainable class matches " + EXPERIMENTS + "=" + selector
                    + "; the @Trainable classes of " + project.getArtifactId() + " are: " + String.join(", ", found.classNames())
                    + " (a pattern without a dot matches the simple name, one with dots the fully qualified name; * matches any characters)");
        }
        return selected;
    }

    private List<String> launch(IsolatedClassPath classPath, List<String> classNames)
            throws MojoExecutionException, MojoFailureException {
        try {
            return IsolatedLaunch.run(classPath, classNames, settings(), this::summary, getLog()::warn);
        } catch (IllegalArgumentException badSetting) {
            throw new MojoFailureException("jtune: " + badSetting.getMessage(), badSetting);
        } catch (Throwable e) {
            throw new MojoExecutionException("jtune: the run failed: " + e, e);
        }
    }

    /** A summary line: logged, or printed to standard output under {@code mvn -q} (the summary is the goal's result). */
    private void summary(String line) {
        if (getLog().isInfoEnabled()) {
            getLog().info(line);
        } else {
            System.out.println(line);
        }
    }

    private Map<String, String> settings() {
        Map<String, String> settings = new LinkedHashMap<>();
        put(settings, SAMPLES, samples);
        put(settings, SEED, seed);
        put(settings, STORAGE, storage.getAbsolutePath());
        put(settings, MAX_CONCURRENT, maxConcurrent);
        put(settings, RESUME, resume);
        put(settings, QUIET, quiet || !getLog().isInfoEnabled());
        return settings;
    }

    private static void put(Map<String, String> settings, String key, Object value) {
        if (value != null) {
            settings.put(key, value.toString());
        }
    }

    private List<Path> testClassPath() throws MojoExecutionException {
        return testClassPath(project);
    }

    /** The project's test class path (its classes, test classes and dependencies). */
    static List<Path> testClassPath(MavenProject project) throws MojoExecutionException {
        try {
            return project.getTestClasspathElements().stream().map(Path::of).toList();
        } catch (DependencyResolutionRequiredException e) {
            throw new MojoExecutionException("jtune: the test class path of " + project.getArtifactId() + " is not resolved", e);
        }
    }

    static List<ArtifactFile> toFiles(Collection<Artifact> artifacts) {
        return artifacts.stream()
                .filter(a -> a.getFile() != null)
                .map(a -> new ArtifactFile(a.getGroupId(), a.getArtifactId(), a.getVersion(), a.getFile().toPath()))
                .toList();
    }

    static String failureMessage(List<String> failures, int experiments) {
        StringBuilder message = new StringBuilder("jtune: ").append(failures.size()).append(" of ").append(experiments)
                .append(experiments == 1 ? " experiment" : " experiments").append(" failed");
        failures.forEach(f -> message.append(System.lineSeparator()).append("  - ").append(f));
        return message.toString();
    }
}
