package io.jtune.maven;

import io.jtune.api.ConfigurationKeys;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.apache.maven.project.MavenProject;

/**
 * Makes a cluster's certificates ({@code io.jtune.cluster.Certs} of the project's
 * {@code tune-cluster}, with the JDK's {@code keytool}): a CA in {@code <out>/ca}, to keep private,
 * and per node a folder {@code <out>/<node>} with {@code node.p12}, {@code truststore.p12} and
 * {@code password}, to copy to that machine (as {@code ~/.jtune/tls}, or named by
 * {@code jtune.cluster.tls} / {@code --tls}). Run again with the same {@code out}, it signs new
 * nodes with the existing CA. A leading {@code ~} in {@code jtune.certs.out} is the user's home folder.
 * <pre>mvn tune:certs -Djtune.certs.nodes=driver,worker1,worker2 [-Djtune.certs.out=~/.jtune/certs]</pre>
 */
@Mojo(name = "certs", requiresDependencyResolution = ResolutionScope.RUNTIME, threadSafe = true)
public class CertsMojo extends AbstractMojo {
    static final String CERTS_CLASS = "io.jtune.cluster.Certs";

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    private MavenProject project;

    /** The folder to write the CA and the node folders into ({@code ~} = the home folder; relative = to the project's folder). */
    @Parameter(property = ConfigurationKeys.CERTS_OUT, defaultValue = "~/.jtune/certs")
    private String certsOut;

    /** The node names, comma-separated: one folder (key and CA-signed certificate) each. */
    @Parameter(property = ConfigurationKeys.CERTS_NODES, defaultValue = "driver,worker")
    private String nodes;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        Artifact cluster = project.getArtifacts().stream()
                .filter(a -> IsolatedClassPath.JTUNE_GROUP.equals(a.getGroupId()) && "tune-cluster".equals(a.getArtifactId()) && a.getFile() != null)
                .findFirst()
                .orElseThrow(() -> new MojoFailureException("jtune: tune:certs makes certificates for the cluster executor, which " + project.getArtifactId()
                        + " does not depend on: add the dependency io.jtune:tune-cluster"));
        Path out = CertsFolder.resolve(certsOut, project.getBasedir().toPath(), Path.of(System.getProperty("user.home")));
        List<String> names = Arrays.stream(nodes.split(",")).map(String::strip).filter(n -> !n.isEmpty()).toList();
        if (names.isEmpty()) {
            throw new MojoFailureException("jtune: jtune.certs.nodes names no node; give them comma-separated, e.g. -Djtune.certs.nodes=driver,worker1,worker2");
        }
        try (URLClassLoader loader = new URLClassLoader(new URL[] {cluster.getFile().toURI().toURL()}, ClassLoader.getPlatformClassLoader())) {
            Object made = Class.forName(CERTS_CLASS, true, loader).getMethod("make", Path.class, List.class).invoke(null, out, names);
            for (Object folder : (List<?>) made) {
                getLog().info("jtune: TLS folder " + folder + " (copy it to that node, e.g. as ~/.jtune/tls)");
            }
            getLog().info("jtune: the CA is in " + out.resolve("ca") + "; keep it private, it signs new nodes");
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IllegalArgumentException || cause instanceof IOException) {
                throw new MojoFailureException("jtune: cannot make the certificates in " + out + ": " + cause.getMessage(), cause);
            }
            throw new MojoExecutionException("jtune: making the certificates failed: " + cause, cause);
        } catch (ReflectiveOperationException | IOException e) {
            throw new MojoExecutionException("jtune: cannot run " + CERTS_CLASS + " from " + cluster.getFile() + ": " + e, e);
        }
    }
}
