package io.jtune.maven;

import io.jtune.api.ConfigurationKeys;
import java.lang.reflect.InvocationTargetException;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;
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
 * Runs a cluster worker ({@code io.jtune.cluster.Worker} of {@code tune-cluster}) on the project's
 * test class path, so the driver's code check passes when both run the same build: joins the
 * driver at {@code jtune.join} and runs its trials until stopped (Ctrl-C), or until
 * {@code jtune.worker.drivers} experiments have used it. The project must
 * depend on {@code io.jtune:tune-cluster}.
 */
@Mojo(name = "worker", requiresDependencyResolution = ResolutionScope.TEST, threadSafe = true)
@Execute(phase = LifecyclePhase.TEST_COMPILE)
public class WorkerMojo extends AbstractMojo {
    static final String WORKER_CLASS = "io.jtune.cluster.Worker";

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    private MavenProject project;

    @Parameter(defaultValue = "${plugin}", readonly = true, required = true)
    private PluginDescriptor plugin;

    /** The driver's {@code host:port} (its {@code -Djtune.cluster}). */
    @Parameter(property = ConfigurationKeys.JOIN, required = true)
    private String join;

    /** What this worker offers, e.g. {@code cpu=16,gpu=2,memory=64g,large_mem=1} (default: detected). */
    @Parameter(property = ConfigurationKeys.WORKER_RESOURCES)
    private String resources;

    /** This machine's address as the driver reaches it (default: its address, or 127.0.0.1 for a loopback driver). */
    @Parameter(property = ConfigurationKeys.WORKER_HOST)
    private String host;

    /** The worker's port (default: a free one). */
    @Parameter(property = ConfigurationKeys.WORKER_PORT)
    private Integer port;

    /** The worker's TLS folder (default {@code ~/.jtune/tls}). */
    @Parameter(property = ConfigurationKeys.CLUSTER_TLS)
    private String tls;

    /** Seconds to wait for the first driver before giving up (exit code 3). */
    @Parameter(property = ConfigurationKeys.WORKER_JOIN_TIMEOUT)
    private Integer joinTimeout;

    /** Serve this many drivers (experiments), then end successfully (default: until stopped). */
    @Parameter(property = ConfigurationKeys.WORKER_DRIVERS)
    private Integer drivers;

    /** Plaintext, allowed only when every address is loopback. */
    @Parameter(property = ConfigurationKeys.CLUSTER_INSECURE, defaultValue = "false")
    private boolean insecure;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        List<String> args = new ArrayList<>(List.of("--join", join));
        add(args, "--resources", resources);
        add(args, "--host", host);
        add(args, "--port", port);
        add(args, "--tls", tls);
        add(args, "--join-timeout", joinTimeout);
        add(args, "--drivers", drivers);
        if (insecure) {
            args.add("--insecure");
        }
        IsolatedClassPath classPath = IsolatedClassPath.resolve(RunMojo.testClassPath(project), RunMojo.toFiles(project.getArtifacts()),
                plugin.getPluginArtifact().getFile().toPath(), RunMojo.toFiles(plugin.getArtifacts()), plugin.getVersion());
        classPath.warnings().forEach(getLog()::warn);
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        int exit;
        try (URLClassLoader loader = classPath.newLoader()) {
            thread.setContextClassLoader(loader);
            Class<?> worker;
            try {
                worker = Class.forName(WORKER_CLASS, true, loader);
            } catch (ClassNotFoundException e) {
                throw new MojoFailureException("jtune: " + WORKER_CLASS + " is not on the class path of " + project.getArtifactId()
                        + ": add the dependency io.jtune:tune-cluster (the same version as the driver's)", e);
            }
            exit = (Integer) worker.getMethod("serve", String[].class).invoke(null, (Object) args.toArray(String[]::new));
        } catch (InvocationTargetException e) {
            throw new MojoExecutionException("jtune: the worker failed: " + e.getCause(), e.getCause());
        } catch (ReflectiveOperationException | java.io.IOException e) {
            throw new MojoExecutionException("jtune: cannot run the worker: " + e, e);
        } finally {
            thread.setContextClassLoader(previous);
        }
        if (exit != 0) {
            throw new MojoFailureException("jtune: the worker ended with exit code " + exit + " (see the messages above)");
        }
    }

    private static void add(List<String> args, String option, Object value) {
        if (value != null) {
            args.add(option);
            args.add(value.toString());
        }
    }
}
