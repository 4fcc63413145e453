package io.jtune.cluster;

import io.jtune.cluster.node.TlsFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Makes a cluster's certificates with the JDK's {@code keytool}: a CA in {@code <out>/ca} (keep
 * it private; it signs nodes) and, for each node name, a folder {@code <out>/<node>} holding
 * {@code node.p12} (the node's key and CA-signed certificate), {@code truststore.p12} (the CA
 * certificate) and {@code password} (readable by the owner only). Copy a node's folder to that
 * machine and point {@code --tls} / {@code jtune.cluster.tls} at it.
 *
 * <pre>java -cp &lt;class path&gt; io.jtune.cluster.Certs --out tls --nodes driver,worker1,worker2</pre>
 *
 * Running it again with an existing {@code <out>/ca} signs the new nodes with that CA.
 */
public final class Certs {
    private static final int VALIDITY_DAYS = 825;
    private static final SecureRandom RANDOM = new SecureRandom();

    private Certs() {
    }

    public static void main(String[] args) throws IOException {
        Path out = null;
        List<String> nodes = new ArrayList<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--out" -> out = Path.of(args[i + 1]);
                case "--nodes" -> nodes.addAll(List.of(args[i + 1].split(",")));
                default -> fail("unknown option '" + args[i] + "'");
            }
        }
        if (out == null || nodes.isEmpty() || args.length % 2 != 0) {
            fail("usage: io.jtune.cluster.Certs --out folder --nodes driver,worker1,...");
        }
        for (Path node : make(out, nodes)) {
            System.out.println("jtune certs: " + node);
        }
    }

    private static void fail(String message) {
        System.err.println("jtune certs: " + message);
        System.exit(2);
    }

    /**
     * Makes (or reuses) the CA in {@code out/ca} and a TLS folder per node; returns the folders made.
     *
     * @throws IllegalArgumentException for a node name that is not a plain folder name
     * @throws IOException when keytool fails (its output is in the message)
     */
    public static List<Path> make(Path out, List<String> nodes) throws IOException {
        Path ca = out.resolve("ca");
        Path caStore = ca.resolve("ca.p12");
        Path caCert = ca.resolve("ca.crt");
        if (!Files.exists(caStore)) {
            Files.createDirectories(ca);
            String caPassword = writePassword(ca);
            keytool("-genkeypair", "-alias", "ca", "-keyalg", "RSA", "-keysize", "3072", "-dname", "CN=jtune cluster CA",
                    "-ext", "bc:c", "-validity", Integer.toString(VALIDITY_DAYS * 2), "-storetype", "PKCS12",
                    "-keystore", caStore.toString(), "-storepass", caPassword, "-keypass", caPassword);
            keytool("-exportcert", "-rfc", "-alias", "ca", "-keystore", caStore.toString(), "-storepass", caPassword, "-file", caCert.toString());
        }
        String caPassword = Files.readString(ca.resolve(TlsFiles.PASSWORD), StandardCharsets.UTF_8).strip();
        List<Path> made = new ArrayList<>();
        for (String raw : nodes) {
            String node = raw.strip();
            if (!node.matches("[A-Za-z0-9._-]+") || node.equals("ca") || node.startsWith(".")) {
                throw new IllegalArgumentException("node name '" + raw + "' must be letters, digits, '.', '_' or '-' (and not 'ca'): it names the node's folder");
            }
            Path dir = out.resolve(node);
            Files.createDirectories(dir);
            String password = writePassword(dir);
            Path keyStore = dir.resolve(TlsFiles.KEY_STORE);
            Path request = dir.resolve("node.csr");
            Path signed = dir.resolve("node.crt");
            Files.deleteIfExists(keyStore);
            Files.deleteIfExists(dir.resolve(TlsFiles.TRUST_STORE));
            keytool("-genkeypair", "-alias", "node", "-keyalg", "RSA", "-keysize", "2048", "-dname", "CN=" + node, "-validity", Integer.toString(VALIDITY_DAYS),
                    "-storetype", "PKCS12", "-keystore", keyStore.toString(), "-storepass", password, "-keypass", password);
            keytool("-certreq", "-alias", "node", "-keystore", keyStore.toString(), "-storepass", password, "-file", request.toString());
            keytool("-gencert", "-rfc", "-alias", "ca", "-keystore", caStore.toString(), "-storepass", caPassword, "-infile", request.toString(),
                    "-outfile", signed.toString(), "-validity", Integer.toString(VALIDITY_DAYS),
                    "-ext", "ku:c=digitalSignature,keyEncipherment", "-ext", "eku=serverAuth,clientAuth");
            keytool("-importcert", "-noprompt", "-alias", "ca", "-file", caCert.toString(), "-keystore", keyStore.toString(), "-storepass", password);
            keytool("-importcert", "-noprompt", "-alias", "node", "-file", signed.toString(), "-keystore", keyStore.toString(), "-storepass", password);
            keytool("-importcert", "-noprompt", "-alias", "ca", "-file", caCert.toString(), "-storetype", "PKCS12",
                    "-keystore", dir.resolve(TlsFiles.TRUST_STORE).toString(), "-storepass", password);
            Files.delete(request);
            Files.delete(signed);
            made.add(dir);
        }
        return made;
    }

    private static String writePassword(Path dir) throws IOException {
        String password = HexFormat.of().formatHex(randomBytes());
        Path file = dir.resolve(TlsFiles.PASSWORD);
        Files.deleteIfExists(file);
        Files.writeString(file, password + "\n", StandardCharsets.UTF_8);
        try {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: the folder's own permissions protect it
        }
        return password;
    }

    private static byte[] randomBytes() {
        byte[] bytes = new byte[18];
        RANDOM.nextBytes(bytes);
        return bytes;
    }

    private static void keytool(String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
                process.destroyForcibly();
                throw new IOException("keytool " + args[0] + " failed: " + output.strip());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while keytool ran", e);
        }
    }
}
