package io.jtune.cluster;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import io.jtune.api.ConfigurationKeys;
import io.jtune.api.ResourceRequest;
import io.jtune.cluster.driver.ClusterSettings;
import io.jtune.cluster.node.ClassPathDigest;
import io.jtune.cluster.node.HostPort;
import io.jtune.cluster.node.NodeConfig;
import io.jtune.cluster.node.NodeResources;
import io.jtune.cluster.node.TlsFiles;
import io.jtune.cluster.worker.WorkerActor;
import io.jtune.engine.log.FallbackLogging;
import io.jtune.engine.spec.DetectedMachine;
import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.pekko.actor.typed.ActorSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
/**
 * The worker program: joins the driver's cluster and runs the trials it is given, until stopped.
 *
 * <pre>
 * java -cp &lt;the project's class path&gt; io.jtune.cluster.Worker --join driver-host:25520
 *      [--host this-host] [--port 0] [--resources cpu=16,gpu=2,memory=64g,large_mem=1]
 *      [--tls ~/.jtune/tls | --insecure] [--work-dir dir] [--join-timeout 60] [--drivers N]
 * </pre>
 *
 * Resources are detected (CPUs, GPUs through {@code nvidia-smi}, memory) and {@code --resources}
 * overrides or adds to them. When the driver ends (an experiment is over, or it crashed) the
 * worker joins again and waits for the next driver; with {@code --drivers N} it exits (code 0)
 * once N drivers have come and gone, and waits at most {@code --join-timeout} for each (without
 * it, only the first join is bounded). Exit codes: 2 bad input or refused by the
 * driver (wrong code), 3 could not join within {@code --join-timeout} seconds.
 */
public final class Worker {
    static {
        // before this class and Pekko first ask SLF4J for a logger: without a provider, jtune's stderr lines, not SLF4J's notice
        FallbackLogging.install();
    }

    private static final Logger LOG = LoggerFactory.getLogger(Worker.class);
    static final int EXIT_BAD_INPUT = 2;
    static final int EXIT_NO_JOIN = 3;
    /** How often a waiting worker says it still waits. */
    static final int WAIT_NOTE_SECONDS = 10;
    /** How long a new membership waits for the port the one before it held. */
    static final int REBIND_SECONDS = 60;
    /** The worker ends its actor system itself ({@link WorkerShutdown}); Pekko's own JVM hook would run after a normal return. */
    private static final Config WITHOUT_PEKKO_JVM_HOOK = ConfigFactory.parseString("pekko.coordinated-shutdown.run-by-jvm-shutdown-hook = off");

    private Worker() {
    }

    /** The options of one worker; {@code workDir} is null until {@link #withWorkDir} when {@code --work-dir} was not given. */
    record Options(HostPort join, HostPort self, ResourceRequest resources, TlsFiles tls, Path workDir, Duration joinTimeout, int drivers) {

        static Options parse(String[] args) {
            HostPort join = null;
            String host = null;
            int port = 0;
            String resources = null;
            Path tls = Path.of(System.getProperty(ConfigurationKeys.CLUSTER_TLS, ClusterSettings.DEFAULT_TLS.toString()));
            boolean insecure = false;
            Path workDir = null;
            long joinTimeout = 60;
            int drivers = Integer.MAX_VALUE;
            for (int i = 0; i < args.length; i++) {
                String arg = args[i];
                switch (arg) {
                    case "--insecure" -> insecure = true;
                    case "--join", "--host", "--port", "--resources", "--tls", "--work-dir", "--join-timeout", "--drivers" -> {
                        if (i + 1 >= args.length) {
                            throw new IllegalArgumentException(arg + " needs a value");
                        }
                        String value = args[++i];
                        switch (arg) {
                            case "--join" -> join = HostPort.parse(value, "--join");
                            case "--host" -> host = value;
                            case "--port" -> port = number(arg, value);
                            case "--resources" -> resources = value;
                            case "--tls" -> tls = Path.of(value);
                            case "--work-dir" -> workDir = Path.of(value);
                            case "--drivers" -> drivers = number(arg, value);
                            default -> joinTimeout = number(arg, value);
                        }
                    }
                    default -> throw new IllegalArgumentException("unknown option '" + arg + "'");
                }
            }
            if (drivers < 1) {
                throw new IllegalArgumentException("--drivers must be at least 1, got " + drivers);
            }
            if (join == null) {
                throw new IllegalArgumentException("--join host:port is required: the address the driver prints (its -Djtune.cluster)");
            }
            ResourceRequest offered = NodeResources.parse(resources, DetectedMachine.resources());
            HostPort self = new HostPort(host != null ? host : defaultHost(join), port);
            return new Options(join, self, offered, insecure ? null : TlsFiles.in(tls), workDir == null ? null : workDir.toAbsolutePath().normalize(),
                    Duration.ofSeconds(joinTimeout), drivers);
        }

        /**
         * The options with a work folder: {@code --work-dir}'s, else a new temporary folder that holds
         * only copies of what the worker streams to drivers, deleted when the worker ends (it returns,
         * or the JVM exits on SIGTERM or Ctrl-C; a SIGKILL leaves it, as it leaves any process's files).
         */
        Options withWorkDir() throws IOException {
            if (workDir != null) {
                return this;
            }
            return new Options(join, self, resources, tls, Files.createTempDirectory("jtune-worker").toAbsolutePath(), joinTimeout, drivers);
        }

        private static int number(String option, String value) {
            try {
                return Integer.parseInt(value.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(option + " must be a whole number, got '" + value + "'", e);
            }
        }

        /** Loopback when the driver is on loopback, else this machine's address. */
        private static String defaultHost(HostPort join) {
            if (join.isLoopback()) {
                return "127.0.0.1";
            }
            try {
                return InetAddress.getLocalHost().getHostAddress();
            } catch (UnknownHostException e) {
                throw new IllegalArgumentException("cannot find this machine's address; give it with --host", e);
            }
        }
    }

    public static void main(String[] args) {
        System.exit(serve(args));
    }

    /** Runs the worker as {@code main} does, but returns the exit code (for {@code mvn tune:worker}). */
    public static int serve(String[] args) {
        Options options;
        try {
            options = Options.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("jtune worker: " + e.getMessage());
            System.err.println("usage: io.jtune.cluster.Worker --join host:port [--host h] [--port p] [--resources cpu=16,gpu=2,memory=64g,label=1]"
                    + " [--tls folder | --insecure] [--work-dir folder] [--join-timeout seconds] [--drivers count]");
            return EXIT_BAD_INPUT;
        }
        Path given = options.workDir();
        try {
            options = options.withWorkDir();
        } catch (IOException e) {
            System.err.println("jtune worker: cannot make a work folder (" + e.getMessage() + "); give one with --work-dir");
            return EXIT_BAD_INPUT;
        }
        try (WorkerShutdown shutdown = new WorkerShutdown(given == null ? options.workDir() : null)) {
            return run(options, shutdown);
        }
    }

    /** Serves drivers one after another; returns the exit code. */
    static int run(Options options, WorkerShutdown shutdown) {
        digestClassPathMeanwhile();
        for (int served = 0; served < options.drivers(); served++) {
            Console console = new Console();
            WorkerActor.WorkerStatus status = new WorkerActor.WorkerStatus(console::say);
            ActorSystem<Object> system;
            try {
                system = startSystem(options, status, served > 0);
            } catch (IllegalArgumentException | PortInUseException e) {
                System.err.println("jtune worker: " + e.getMessage());
                return EXIT_BAD_INPUT;
            }
            shutdown.running(system);
            console.node = system.address().getHost().orElse("") + ":" + system.address().getPort().map(String::valueOf).orElse("");
            // the line a script starting workers waits for
            console.say("waiting for the driver at " + options.join() + ", offering " + options.resources());
            boolean bounded = served == 0 || options.drivers() != Integer.MAX_VALUE;
            boolean admitted = awaitAdmission(system, status, bounded ? options.joinTimeout() : null, console, options.join());
            if (!admitted && !bounded && status.outcome == WorkerActor.Outcome.DRIVER_LEFT) {
                console.say("the driver at " + options.join() + " left before this worker joined; waiting for the next one");
                continue;
            }
            if (!admitted) {
                system.terminate();
                awaitTermination(system, Duration.ofSeconds(30));
                if (status.outcome == WorkerActor.Outcome.REFUSED) {
                    System.err.println("jtune worker: refused by the driver: " + status.reason);
                    return EXIT_BAD_INPUT;
                }
                System.err.println("jtune worker: could not join the driver at " + options.join() + " within " + options.joinTimeout().toSeconds()
                        + " s: check that the driver runs and prints this address, that its port is reachable from here, and that both nodes have"
                        + " certificates from the same CA (mvn tune:certs)" + (options.tls() == null ? " or both run with --insecure / jtune.cluster.insecure" : ""));
                return EXIT_NO_JOIN;
            }
            awaitTermination(system, null);
            if (status.outcome == WorkerActor.Outcome.REFUSED) {
                System.err.println("jtune worker: refused by the driver: " + status.reason);
                return EXIT_BAD_INPUT;
            }
            String next = served + 1 < options.drivers() ? "; waiting for the next one" : "";
            console.say(status.outcome == WorkerActor.Outcome.DRIVER_LEFT ? "the driver at " + options.join() + " left: its experiment ended" + next
                    : "this worker left the cluster (it and the driver did not hear from each other in time)" + (next.isEmpty() ? "" : "; joining again"));
        }
        System.out.println("jtune worker: served " + options.drivers() + " driver(s), as --drivers asked; exiting");
        return 0;
    }

    /**
     * A new actor system for one membership. Its port may still be held for a moment by the
     * membership before it ({@code again}): then it tries again for up to {@value #REBIND_SECONDS} s.
     */
    private static ActorSystem<Object> startSystem(Options options, WorkerActor.WorkerStatus status, boolean again) throws PortInUseException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(again ? REBIND_SECONDS : 0);
        while (true) {
            try {
                return ActorSystem.create(WorkerActor.create(options.resources(), options.workDir(), status), NodeConfig.SYSTEM_NAME,
                        WITHOUT_PEKKO_JVM_HOOK.withFallback(NodeConfig.of(NodeConfig.WORKER_ROLE, options.self(), options.join(), options.tls())));
            } catch (RuntimeException e) {
                if (!causedByBindFailure(e)) {
                    throw e;
                }
                if (System.nanoTime() >= deadline) {
                    throw new PortInUseException("cannot listen on " + options.self() + ": the address is in use (" + rootMessage(e)
                            + "); stop the process that holds it or choose another --port / " + ConfigurationKeys.WORKER_PORT);
                }
                LOG.info("port {} still held by the previous membership; trying again", options.self());
                try {
                    Thread.sleep(500);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }

    private static boolean causedByBindFailure(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof BindException || String.valueOf(t.getMessage()).contains("Failed to bind")) {
                return true;
            }
        }
        return false;
    }

    private static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        return root.getMessage();
    }

    /** The worker's port is held by another process. */
    static final class PortInUseException extends Exception {
        private static final long serialVersionUID = 1L;

        PortInUseException(String message) {
            super(message);
        }
    }

    /** The worker's console: one line a state change on stdout, whatever the logging set-up. */
    private static final class Console {
        volatile String node = "";

        void say(String line) {
            System.out.println("jtune worker " + node + ": " + line);
        }
    }

    /** The class-path digest the driver asks for at join takes a second or two: start it while the worker joins. */
    private static void digestClassPathMeanwhile() {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        ClassLoader loader = context != null ? context : Worker.class.getClassLoader();
        Thread digest = new Thread(() -> ClassPathDigest.of(loader), "jtune-class-path-digest");
        digest.setDaemon(true);
        digest.start();
    }

    /**
     * Waits until the driver admitted the worker, it was refused, or {@code timeout} (null: no
     * bound) passed, saying every {@value #WAIT_NOTE_SECONDS} s that it still waits.
     */
    private static boolean awaitAdmission(ActorSystem<Object> system, WorkerActor.WorkerStatus status, Duration timeout, Console console, HostPort join) {
        long start = System.nanoTime();
        long nextNote = start + TimeUnit.SECONDS.toNanos(WAIT_NOTE_SECONDS);
        while (!status.admitted && status.outcome == null && (timeout == null || System.nanoTime() - start < timeout.toNanos())) {
            try {
                system.getWhenTerminated().toCompletableFuture().get(100, TimeUnit.MILLISECONDS);
                break; // the actor system ended (refused, or the driver left)
            } catch (TimeoutException e) {
                if (System.nanoTime() >= nextNote) {
                    console.say("waiting for the driver at " + join + ", " + TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start) + " s");
                    nextNote += TimeUnit.SECONDS.toNanos(WAIT_NOTE_SECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            } catch (ExecutionException e) {
                return false;
            }
        }
        return status.admitted;
    }

    private static void awaitTermination(ActorSystem<Object> system, Duration timeout) {
        try {
            if (timeout == null) {
                system.getWhenTerminated().toCompletableFuture().get();
            } else {
                system.getWhenTerminated().toCompletableFuture().get(timeout.toSeconds(), TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            LOG.warn("the worker's actor system did not end cleanly: {}", e.toString());
        }
    }
}
