package io.jtune.cluster.node;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigValueFactory;
import java.util.List;

/**
 * The Pekko configuration of a jtune cluster member (driver or worker), in one place:
 * <ul>
 *   <li>transport {@code tls-tcp} with mutual authentication (TLS 1.3), unless {@code tls} is null,
 *       which is allowed only when every address is loopback;</li>
 *   <li>messages serialized by Jackson (CBOR) without the Scala module, so untyped values (a
 *       metric's list or map) arrive as Java collections; Java serialization stays off;</li>
 *   <li>one port: the canonical {@code host:port} of the member;</li>
 *   <li>a worker that logs Pekko's errors only until it joined a driver (then its warnings too), and
 *       TLS refusals said in plain words ({@link ExplainedTlsEngineProvider});</li>
 *   <li>the failure detector tuned to notice a silent member in about 3 s, and
 *       {@link DriverKeepingDowning}: the driver is never downed; a lost worker is downed 2 s after
 *       it became unreachable, and a worker that lost the driver for 2 s downs itself.</li>
 * </ul>
 */
public final class NodeConfig {
    public static final String SYSTEM_NAME = "jtune";
    public static final String DRIVER_ROLE = "driver";
    public static final String WORKER_ROLE = "worker";

    private NodeConfig() {
    }

    /**
     * The configuration of a member at {@code self} joining {@code seed} (the driver's address;
     * the driver passes its own).
     *
     * @param tls the node's TLS files, or null for plaintext
     * @throws IllegalArgumentException when plaintext is asked for and an address is not loopback
     */
    public static Config of(String role, HostPort self, HostPort seed, TlsFiles tls) {
        if (tls == null) {
            for (HostPort address : List.of(self, seed)) {
                if (!address.isLoopback()) {
                    throw new IllegalArgumentException("plaintext (jtune.cluster.insecure / --insecure) is allowed only when every address is loopback, but "
                            + address + " is not: give the node its TLS folder (jtune.cluster.tls / --tls) and drop the insecure flag");
                }
            }
        }
        Config base = ConfigFactory.parseString(String.join("\n",
                // a worker waits quietly for its driver (Pekko warns on every failed join attempt): errors only until it joined
                "jtune.tls-refusals = " + (WORKER_ROLE.equals(role) ? "console" : "log"),
                "pekko {",
                "  loglevel = " + (WORKER_ROLE.equals(role) ? "ERROR" : "WARNING"),
                // typed Pekko would add its own Slf4jLogger beside this one
                "  use-slf4j = off",
                "  loggers = [\"" + PekkoLogger.class.getName() + "\"]",
                "  logging-filter = \"org.apache.pekko.event.slf4j.Slf4jLoggingFilter\"",
                "  log-dead-letters = 0",
                "  log-dead-letters-during-shutdown = off",
                "  coordinated-shutdown.exit-jvm = off",
                "  actor {",
                "    provider = cluster",
                "    allow-java-serialization = off",
                "    serialization-bindings { \"io.jtune.cluster.wire.ClusterMessage\" = jackson-cbor }",
                "  }",
                // the reference list without DefaultScalaModule, which would turn a metric's list or map into a Scala collection
                "  serialization.jackson.jackson-modules = [",
                "    \"org.apache.pekko.serialization.jackson.PekkoJacksonModule\", \"org.apache.pekko.serialization.jackson.PekkoTypedJacksonModule\",",
                "    \"org.apache.pekko.serialization.jackson.PekkoStreamJacksonModule\", \"com.fasterxml.jackson.module.paramnames.ParameterNamesModule\",",
                "    \"com.fasterxml.jackson.datatype.jdk8.Jdk8Module\", \"com.fasterxml.jackson.datatype.jsr310.JavaTimeModule\"",
                "  ]",
                "  remote.artery {",
                "    transport = " + (tls == null ? "tcp" : "tls-tcp"),
                "    ssl.ssl-engine-provider = " + ExplainedTlsEngineProvider.class.getName(),
                "    ssl.config-ssl-engine {",
                "      protocol = \"TLSv1.3\"",
                "      require-mutual-authentication = on",
                "    }",
                "  }",
                "  cluster {",
                "    roles = [" + role + "]",
                "    downing-provider-class = \"" + DriverKeepingDowning.class.getName() + "\"",
                "    failure-detector { heartbeat-interval = 500ms, acceptable-heartbeat-pause = 2s }",
                "    seed-node-timeout = 2s",
                "    retry-unsuccessful-join-after = 2s",
                "    jmx.enabled = off",
                "    log-info = off",
                "  }",
                "}"));
        Config addresses = ConfigFactory.empty()
                .withValue("pekko.remote.artery.canonical.hostname", ConfigValueFactory.fromAnyRef(self.host()))
                .withValue("pekko.remote.artery.canonical.port", ConfigValueFactory.fromAnyRef(self.port()))
                .withValue("pekko.cluster.seed-nodes", ConfigValueFactory.fromIterable(List.of(memberAddress(seed))));
        if (tls != null) {
            String ssl = "pekko.remote.artery.ssl.config-ssl-engine.";
            addresses = addresses
                    .withValue(ssl + "key-store", ConfigValueFactory.fromAnyRef(tls.keyStore().toString()))
                    .withValue(ssl + "trust-store", ConfigValueFactory.fromAnyRef(tls.trustStore().toString()))
                    .withValue(ssl + "key-store-password", ConfigValueFactory.fromAnyRef(tls.password()))
                    .withValue(ssl + "key-password", ConfigValueFactory.fromAnyRef(tls.password()))
                    .withValue(ssl + "trust-store-password", ConfigValueFactory.fromAnyRef(tls.password()));
        }
        ClassLoader loader = NodeConfig.class.getClassLoader();
        // -Dpekko.* system properties override (e.g. the failure detector's timings), then ours, then every reference.conf
        return ConfigFactory.defaultOverrides(loader).withFallback(addresses).withFallback(base).withFallback(ConfigFactory.defaultReference(loader));
    }

    /** The Pekko address of the member at {@code address}. */
    public static String memberAddress(HostPort address) {
        return "pekko://" + SYSTEM_NAME + "@" + address;
    }
}
