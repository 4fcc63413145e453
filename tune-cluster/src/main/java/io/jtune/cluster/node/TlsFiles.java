package io.jtune.cluster.node;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A node's TLS material, one folder as {@code tune:certs} makes it: {@value #KEY_STORE} (this
 * node's key and certificate, signed by the cluster's CA), {@value #TRUST_STORE} (the CA's
 * certificate) and {@value #PASSWORD} (the password of both stores, one line).
 */
public record TlsFiles(Path keyStore, Path trustStore, String password) {
    public static final String KEY_STORE = "node.p12";
    public static final String TRUST_STORE = "truststore.p12";
    public static final String PASSWORD = "password";

    @Override
    public String toString() {
        return "TlsFiles[" + keyStore + ", " + trustStore + "]";
    }

    /**
     * Reads the folder; a leading {@code ~} is the user's home folder (the shell leaves it as it is
     * inside {@code -D...} and after {@code --tls=}).
     *
     * @throws IllegalArgumentException naming the missing file and how to make it
     */
    public static TlsFiles in(Path given) {
        Path folder = given.getNameCount() > 0 && given.getName(0).toString().equals("~") && !given.isAbsolute()
                ? Path.of(System.getProperty("user.home")).resolve(given.getNameCount() == 1 ? Path.of("") : given.subpath(1, given.getNameCount()))
                : given;
        Path key = require(folder, KEY_STORE);
        Path trust = require(folder, TRUST_STORE);
        Path passwordFile = require(folder, PASSWORD);
        try {
            String password = Files.readString(passwordFile, StandardCharsets.UTF_8).strip();
            return new TlsFiles(key.toAbsolutePath(), trust.toAbsolutePath(), password);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the TLS password file " + passwordFile + ": " + e.getMessage(), e);
        }
    }

    private static Path require(Path folder, String name) {
        Path file = folder.resolve(name);
        if (!Files.isReadable(file)) {
            throw new IllegalArgumentException("the TLS folder " + folder.toAbsolutePath() + " has no readable " + name
                    + ": make the cluster's certificates with 'mvn tune:certs' (or java -cp <class path> io.jtune.cluster.Certs) and copy this node's folder here,"
                    + " or point jtune.cluster.tls / --tls at it");
        }
        return file;
    }
}
