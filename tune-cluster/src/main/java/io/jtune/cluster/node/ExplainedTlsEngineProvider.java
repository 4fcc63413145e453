package io.jtune.cluster.node;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509ExtendedTrustManager;
import org.apache.pekko.actor.ActorSystem;
import org.apache.pekko.actor.Address;
import org.apache.pekko.actor.ExtendedActorSystem;
import org.apache.pekko.remote.artery.tcp.ConfigSSLEngineProvider;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Pekko's TLS engine of a jtune node (its {@code ssl-engine-provider}): Pekko's own, with each
 * trust manager wrapped in a {@link CertificateCheck}, so a refused certificate is reported in
 * plain words where the node's reader looks: on a worker's console ({@code jtune.tls-refusals =
 * console}) or in the driver's log ({@code log}).
 */
public final class ExplainedTlsEngineProvider extends ConfigSSLEngineProvider {
    /** The configuration key choosing where refusals go. */
    static final String REFUSALS = "jtune.tls-refusals";
    private static final Logger LOG = LoggerFactory.getLogger(ExplainedTlsEngineProvider.class);

    private final Consumer<String> report;
    /** The hosts whose broken-off handshakes were reported (once each: a refused node retries every few seconds). */
    private final Set<String> brokenOff = ConcurrentHashMap.newKeySet();

    public ExplainedTlsEngineProvider(ActorSystem system) {
        super(system);
        boolean console = "console".equals(system.settings().config().getString(REFUSALS));
        this.report = line -> {
            Address self = ((ExtendedActorSystem) system).provider().getDefaultAddress();
            String said = "TLS of " + self.getHost().orElse("?") + ":" + self.getPort().map(String::valueOf).orElse("?") + ": " + line;
            if (console) {
                System.err.println("jtune worker: " + said);
            } else {
                LOG.error(said);
            }
        };
    }

    @Override
    public SSLEngine createServerSSLEngine(String hostname, int port) {
        return new HandshakeWatch(super.createServerSSLEngine(hostname, port), (peer, e) -> {
            if (e.getMessage() != null && e.getMessage().contains("alert") && brokenOff.add(peer.replaceFirst(":[0-9-]+$", ""))) {
                report.accept("a node connecting from " + peer + " broke off the TLS handshake (" + e.getMessage() + "): it does not trust this node's"
                        + " certificate, which is signed by the CA in " + SSLTrustStore() + ". The two nodes' TLS folders come from different CAs: make"
                        + " every node's folder with one CA (mvn tune:certs with the same -Djtune.certs.out, which signs new nodes with the CA already"
                        + " there) and restart the refused node.");
            }
        });
    }

    @Override
    public TrustManager[] trustManagers() {
        TrustManager[] managers = super.trustManagers();
        for (int i = 0; i < managers.length; i++) {
            if (managers[i] instanceof X509ExtendedTrustManager trust) {
                managers[i] = new CertificateCheck(trust, SSLTrustStore(), report);
            }
        }
        return managers;
    }
}
