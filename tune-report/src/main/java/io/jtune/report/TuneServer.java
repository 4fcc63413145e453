package io.jtune.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.jtune.api.ConfigurationKeys;
import io.jtune.api.Mode;
import io.jtune.api.Result;
import io.jtune.api.TuneException;
import io.jtune.api.spi.Callback;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.api.spi.TrialView;
import io.jtune.api.trainable.CheckpointDir;
import io.jtune.engine.json.Json;
import io.jtune.engine.runner.RunnerControl;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The live dashboard and its JSON API on the driver (Ray Tune's {@code TuneServer}, secured):
 * opt-in, listening on the loopback interface unless told otherwise, every request authenticated
 * by a random token made per run and printed with the URL. Endpoints are documented in
 * {@link ServerApi}; adding and stopping trials goes through the runner's {@link RunnerControl}.
 *
 * <p>Turn it on with {@code Tuner.callbacks(TuneServer.onPort(8265))} or, with tune-report on the
 * class path, {@code -Djtune.server=8265} (0 = any free port). Another address than loopback needs
 * {@link #bindTo(String, boolean) bindTo(host, true)} or {@code -Djtune.server.host=0.0.0.0
 * -Djtune.server.allowRemote=true}, and is logged; otherwise it is refused before any trial starts.
 * The server lives as long as the experiment.
 *
 * <p>Held connections cannot starve it: a request must arrive whole within {@value #REQUEST_SECONDS}
 * seconds or its connection is closed, and up to {@value #MAX_THREADS} requests are read and
 * answered at once (a thread each, made on demand); a connection beyond that is closed at once.
 */
public final class TuneServer implements Callback, RunnerControl.Steering {
    /** The port to listen on ({@code 0}: any free one); unset, the class-path instance stays off. */
    public static final String PORT_PROPERTY = ConfigurationKeys.SERVER;
    /** The address to listen on (default: loopback). */
    public static final String HOST_PROPERTY = ConfigurationKeys.SERVER_HOST;
    /** {@code true} lets {@link #HOST_PROPERTY} name an address other than loopback. */
    public static final String ALLOW_REMOTE_PROPERTY = ConfigurationKeys.SERVER_ALLOW_REMOTE;
    private static final Logger LOG = LoggerFactory.getLogger(TuneServer.class);
    private static final ObjectMapper JSON = Json.mapper();
    /**
     * Seconds a client may take to send a whole request before the server closes its connection
     * (the JDK server's {@code sun.net.httpserver.maxReqTime}, set when the JVM does not set it).
     */
    static final int REQUEST_SECONDS = 10;
    /** Requests handled at once; a connection beyond them is closed at once instead of queueing behind held ones. */
    static final int MAX_THREADS = 256;
    private static final String MAX_REQUEST_TIME_PROPERTY = "sun.net.httpserver.maxReqTime";

    static {
        if (System.getProperty(MAX_REQUEST_TIME_PROPERTY) == null) {
            System.setProperty(MAX_REQUEST_TIME_PROPERTY, Integer.toString(REQUEST_SECONDS));
        }
    }

    private final Integer port;
    private String host;
    private boolean allowRemote;
    private final AccessToken token = AccessToken.random();
    final Map<String, LiveTrial> trials = new ConcurrentHashMap<>();
    final EventStream events = new EventStream();
    volatile RunnerControl control;
    volatile ExperimentInfo experiment;
    /** Counts results (driver thread writes, the ticker reads). */
    private volatile long resultCount;
    private long resultCountSent;
    private volatile boolean ended;
    private HttpServer server;
    private ExecutorService threads;
    private ScheduledExecutorService ticker;

    /** The instance ServiceLoader makes: on when {@code -Djtune.server=<port>} is set, configured by the system properties. */
    public TuneServer() {
        this(portFromProperty(), System.getProperty(HOST_PROPERTY), Boolean.getBoolean(ALLOW_REMOTE_PROPERTY));
    }

    private TuneServer(Integer port, String host, boolean allowRemote) {
        this.port = port;
        this.host = host;
        this.allowRemote = allowRemote;
    }

    /** A server on the loopback interface; {@code port} 0 takes any free port. */
    public static TuneServer onPort(int port) {
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("TuneServer port must be 0 (any free port) to 65535, got " + port);
        }
        return new TuneServer(port, null, false);
    }

    /** Listens on {@code host} instead of loopback; an address other than loopback needs {@code allowRemote}. */
    public TuneServer bindTo(String host, boolean allowRemote) {
        this.host = host;
        this.allowRemote = allowRemote;
        return this;
    }

    private static Integer portFromProperty() {
        String value = System.getProperty(PORT_PROPERTY);
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new TuneException("-D" + PORT_PROPERTY + "=" + value + " is not a port: give a number from 0 (any free port) to 65535");
        }
    }

    /** The dashboard's address with the token, once the server listens (null before). */
    public URI url() {
        return server == null ? null : URI.create(baseUrl() + "?token=" + token.value());
    }

    /** The API's base address, e.g. {@code http://127.0.0.1:8265/} (null before the server listens). */
    public URI baseUri() {
        return server == null ? null : URI.create(baseUrl());
    }

    /** This run's access token. */
    public String token() {
        return token.value();
    }

    private String baseUrl() {
        InetSocketAddress address = server.getAddress();
        String h = address.getAddress().getHostAddress();
        return "http://" + (h.contains(":") ? "[" + h + "]" : h) + ":" + address.getPort() + "/";
    }

    @Override
    public void attach(RunnerControl control) {
        this.control = control;
    }

    @Override
    public void setup(ExperimentInfo info) {
        if (port == null) {
            return;
        }
        experiment = info;
        InetAddress address = address();
        try {
            server = HttpServer.create(new InetSocketAddress(address, port), 16);
        } catch (IOException e) {
            throw new TuneException("the TuneServer cannot listen on " + address.getHostAddress() + ":" + port + " (" + e.getMessage()
                    + "); choose another port with -D" + PORT_PROPERTY + "=<port> or TuneServer.onPort(...)", e);
        }
        threads = new ThreadPoolExecutor(0, MAX_THREADS, 30, TimeUnit.SECONDS, new SynchronousQueue<>(), daemon("jtune-server"));
        server.setExecutor(threads);
        server.createContext("/", new ServerApi(this, token));
        server.start();
        ticker = Executors.newSingleThreadScheduledExecutor(daemon("jtune-server-events"));
        ticker.scheduleWithFixedDelay(this::tick, EventStream.TICK_MILLIS, EventStream.TICK_MILLIS, TimeUnit.MILLISECONDS);
        if (!address.isLoopbackAddress()) {
            LOG.warn("the TuneServer of experiment {} listens on {}, reachable from other machines (token required)", info.name(), address.getHostAddress());
        }
        System.out.println("jtune dashboard: " + url());
    }

    private InetAddress address() {
        if (host == null || host.isBlank()) {
            return InetAddress.getLoopbackAddress();
        }
        InetAddress address;
        try {
            address = InetAddress.getByName(host);
        } catch (UnknownHostException e) {
            throw new TuneException("the TuneServer host '" + host + "' is unknown; give an address or host name of this machine", e);
        }
        if (!address.isLoopbackAddress() && !allowRemote) {
            throw new TuneException("the TuneServer would listen on " + host + " (" + address.getHostAddress() + "), reachable from other machines; "
                    + "allow it explicitly with -D" + ALLOW_REMOTE_PROPERTY + "=true or TuneServer.bindTo(host, true), or leave the host unset for loopback");
        }
        return address;
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
    }

    private void tick() {
        long count = resultCount;
        if (count != resultCountSent) {
            resultCountSent = count;
            events.publish("results", "{\"results\":" + count + "}");
        }
    }

    @Override
    public void onTrialAdd(TrialView trial) {
        if (server != null) {
            trials.put(trial.id(), new LiveTrial(trials.size(), trial));
            publish("trial_added", trial);
        }
    }

    @Override
    public void onTrialStart(TrialView trial) {
        LiveTrial live = server == null ? null : trials.get(trial.id());
        if (live != null) {
            live.tail = new ResultTail();
        }
        update("trial_started", trial);
    }

    @Override
    public void onTrialResult(TrialView trial, Result result) {
        LiveTrial live = server == null ? null : trials.get(trial.id());
        if (live != null) {
            ResultTail tail = live.tail;
            if (tail != null) {
                tail.add(result);
            }
            live.lastResult = result;
            live.status = trial.status();
            resultCount = resultCount + 1;
        }
    }

    @Override
    public void onTrialComplete(TrialView trial) {
        update("trial_completed", trial);
    }

    @Override
    public void onTrialError(TrialView trial, Throwable error) {
        LiveTrial live = server == null ? null : trials.get(trial.id());
        if (live != null) {
            live.errorTrace = String.valueOf(error);
        }
        update("trial_errored", trial);
    }

    @Override
    public void onCheckpoint(TrialView trial, CheckpointDir checkpoint) {
        LiveTrial live = server == null ? null : trials.get(trial.id());
        if (live != null) {
            live.checkpoint = checkpoint.path().toString();
        }
    }

    private void update(String event, TrialView trial) {
        LiveTrial live = server == null ? null : trials.get(trial.id());
        if (live != null) {
            live.update(trial);
            if (trial.status().isFinished()) {
                live.tail = null;
            }
            publish(event, trial);
        }
    }

    private void publish(String event, TrialView trial) {
        events.publish(event, "{\"id\":" + JSON.valueToTree(trial.id()) + ",\"status\":\"" + trial.status() + "\"}");
    }

    @Override
    public void onExperimentEnd(List<? extends TrialView> all) {
        if (server == null) {
            return;
        }
        ended = true;
        all.forEach(t -> {
            LiveTrial live = trials.get(t.id());
            if (live != null) {
                live.update(t);
            }
        });
        events.publish("experiment_ended", "{}");
        ticker.shutdownNow();
        events.close();
        server.stop(0);
        threads.shutdownNow();
        LOG.info("the TuneServer of experiment {} stopped", experiment.name());
    }

    boolean ended() {
        return ended;
    }

    String metric() {
        return experiment.metric();
    }

    Mode mode() {
        return experiment.mode();
    }

    Path dir() {
        return experiment.dir();
    }
}
