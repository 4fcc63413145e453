package io.jtune.cluster.node;

import java.net.Socket;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * A node's trust manager that says plainly why it refuses a peer's certificate (most often: the
 * peer's folder was made with another CA) before the TLS handshake fails, once for each refused
 * certificate. Pekko's own report of the failed handshake is a warning deep in its transport; this
 * one names the peer, both certificates' issuers and what to do.
 */
final class CertificateCheck extends X509ExtendedTrustManager {
    private final X509ExtendedTrustManager trust;
    private final String trustStore;
    private final Consumer<String> report;
    private final Set<String> reported = ConcurrentHashMap.newKeySet();

    CertificateCheck(X509ExtendedTrustManager trust, String trustStore, Consumer<String> report) {
        this.trust = trust;
        this.trustStore = trustStore;
        this.report = report;
    }

    /** One of the wrapped manager's checks. */
    @FunctionalInterface
    private interface Check {
        void run() throws CertificateException;
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
        check(() -> trust.checkClientTrusted(chain, authType, engine), "a node connecting from " + peer(engine), chain);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
        check(() -> trust.checkServerTrusted(chain, authType, engine), "the node at " + peer(engine), chain);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
        check(() -> trust.checkClientTrusted(chain, authType, socket), "a node connecting from " + socket.getRemoteSocketAddress(), chain);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
        check(() -> trust.checkServerTrusted(chain, authType, socket), "the node at " + socket.getRemoteSocketAddress(), chain);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        check(() -> trust.checkClientTrusted(chain, authType), "a connecting node", chain);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        check(() -> trust.checkServerTrusted(chain, authType), "the node connected to", chain);
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
        return trust.getAcceptedIssuers();
    }

    private static String peer(SSLEngine engine) {
        return engine == null || engine.getPeerHost() == null ? "an unknown address" : engine.getPeerHost() + ":" + engine.getPeerPort();
    }

    private void check(Check check, String peer, X509Certificate[] chain) throws CertificateException {
        try {
            check.run();
        } catch (CertificateException e) {
            throw refused(peer, chain, e);
        }
    }

    private CertificateException refused(String peer, X509Certificate[] chain, CertificateException e) {
        String certificate = chain == null || chain.length == 0 ? "no certificate"
                : "the certificate " + chain[0].getSubjectX500Principal().getName() + " issued by " + chain[0].getIssuerX500Principal().getName();
        if (reported.add(certificate + " " + peer)) {
            report.accept("refused " + peer + ": " + certificate + " is not signed by the CA in " + trustStore
                    + " (" + e.getMessage() + "). The two nodes' TLS folders come from different CAs: make every node's folder with one CA"
                    + " (mvn tune:certs with the same -Djtune.certs.out, which signs new nodes with the CA already there) and restart the refused node.");
        }
        return e;
    }
}
