package io.jtune.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.cluster.node.HostPort;
import io.jtune.cluster.node.NodeConfig;
import io.jtune.cluster.node.TlsFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The worker's command line and the node settings: bad input is named, plaintext stays on loopback. */
class WorkerOptionsTest {
    @TempDir
    Path dir;

    @Test
    void resourcesOverrideTheDetectedOnesAndAddLabels() {
        Worker.Options options = Worker.Options.parse(new String[] {"--join", "127.0.0.1:25520", "--insecure", "--resources", "cpu=16,gpu=2,memory=1g,large_mem=1",
                "--work-dir", dir.toString()});
        assertEquals(16, options.resources().cpu());
        assertEquals(2, options.resources().gpu());
        assertEquals(1L << 30, options.resources().memoryBytes());
        assertEquals(Map.of("large_mem", 1.0), options.resources().custom());
        assertEquals(new HostPort("127.0.0.1", 0), options.self());
    }

    @Test
    void unparsableResourcesAreNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Worker.Options.parse(new String[] {"--join", "127.0.0.1:25520", "--insecure", "--resources", "cpu=16,gpu=lots"}));
        assertTrue(e.getMessage().contains("cannot read the resources 'cpu=16,gpu=lots' at 'gpu=lots': 'lots' is not a number"), e.getMessage());
        IllegalArgumentException noAmount = assertThrows(IllegalArgumentException.class,
                () -> Worker.Options.parse(new String[] {"--join", "127.0.0.1:25520", "--insecure", "--resources", "cpu"}));
        assertTrue(noAmount.getMessage().contains("each entry is name=amount"), noAmount.getMessage());
    }

    @Test
    void driversMustBeAPositiveCount() {
        assertEquals(Integer.MAX_VALUE, Worker.Options.parse(new String[] {"--join", "127.0.0.1:25520", "--insecure", "--work-dir", dir.toString()}).drivers());
        assertEquals(2, Worker.Options.parse(new String[] {"--join", "127.0.0.1:25520", "--insecure", "--drivers", "2", "--work-dir", dir.toString()}).drivers());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Worker.Options.parse(new String[] {"--join", "127.0.0.1:25520", "--insecure", "--drivers", "0"}));
        assertTrue(e.getMessage().contains("--drivers must be at least 1, got 0"), e.getMessage());
    }

    @Test
    void aJoinAddressMustBeHostAndPort() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Worker.Options.parse(new String[] {"--join", "driver-host"}));
        assertTrue(e.getMessage().contains("--join must be host:port"), e.getMessage());
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class, () -> Worker.Options.parse(new String[] {"--insecure"}));
        assertTrue(missing.getMessage().contains("--join host:port is required"), missing.getMessage());
    }

    @Test
    void aTlsFolderWithoutTheCaCertificateIsNamed() throws Exception {
        Files.writeString(dir.resolve(TlsFiles.KEY_STORE), "key");
        Files.writeString(dir.resolve(TlsFiles.PASSWORD), "secret");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Worker.Options.parse(new String[] {"--join", "127.0.0.1:25520", "--tls", dir.toString()}));
        assertTrue(e.getMessage().contains("has no readable truststore.p12") && e.getMessage().contains("tune:certs"), e.getMessage());
    }

    @Test
    void aLeadingTildeInTheTlsFolderIsTheHomeFolder() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TlsFiles.in(Path.of("~", ".jtune", "no-such-tls")));
        assertTrue(e.getMessage().contains("the TLS folder " + Path.of(System.getProperty("user.home"), ".jtune", "no-such-tls") + " has no readable"),
                e.getMessage());
    }

    @Test
    void plaintextIsRefusedUnlessEveryAddressIsLoopback() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> NodeConfig.of(NodeConfig.WORKER_ROLE, new HostPort("10.1.2.3", 0), new HostPort("127.0.0.1", 25520), null));
        assertTrue(e.getMessage().contains("plaintext") && e.getMessage().contains("10.1.2.3:0 is not"), e.getMessage());
        assertEquals("tcp", NodeConfig.of(NodeConfig.WORKER_ROLE, new HostPort("127.0.0.1", 0), new HostPort("127.0.0.1", 25520), null)
                .getString("pekko.remote.artery.transport"));
    }

    @Test
    void everyMessageIsSerializedByJacksonAndJavaSerializationIsOff() throws Exception {
        Path tls = dir.resolve("tls");
        Certs.make(tls, java.util.List.of("node"));
        var config = NodeConfig.of(NodeConfig.WORKER_ROLE, new HostPort("10.1.2.3", 0), new HostPort("10.1.2.4", 25520), TlsFiles.in(tls.resolve("node")));
        assertEquals("tls-tcp", config.getString("pekko.remote.artery.transport"));
        assertTrue(config.getBoolean("pekko.remote.artery.ssl.config-ssl-engine.require-mutual-authentication"));
        assertEquals(false, config.getBoolean("pekko.actor.allow-java-serialization"));
        assertEquals("jackson-cbor", config.getString("pekko.actor.serialization-bindings.\"io.jtune.cluster.wire.ClusterMessage\""));
    }
}
