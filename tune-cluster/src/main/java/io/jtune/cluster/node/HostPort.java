package io.jtune.cluster.node;

import java.net.InetAddress;
import java.net.UnknownHostException;

/** A network address {@code host:port} as given on a command line or in {@code jtune.cluster}. */
public record HostPort(String host, int port) {

    public HostPort {
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("a cluster address needs a host, got '" + host + "'");
        }
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port " + port + " of " + host + " is out of range 0..65535");
        }
    }

    /**
     * Parses {@code host:port}; {@code what} names the setting in the error.
     *
     * @throws IllegalArgumentException naming the setting and the value when it is not {@code host:port}
     */
    public static HostPort parse(String value, String what) {
        int colon = value == null ? -1 : value.lastIndexOf(':');
        if (colon <= 0 || colon == value.length() - 1) {
            throw new IllegalArgumentException(what + " must be host:port (e.g. 10.0.0.5:25520), got '" + value + "'");
        }
        try {
            return new HostPort(value.substring(0, colon).trim(), Integer.parseInt(value.substring(colon + 1).trim()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + " must be host:port with a numeric port, got '" + value + "'", e);
        }
    }

    /** True when the host resolves to a loopback address (127.0.0.0/8, ::1). */
    public boolean isLoopback() {
        try {
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    @Override
    public String toString() {
        return host + ":" + port;
    }
}
