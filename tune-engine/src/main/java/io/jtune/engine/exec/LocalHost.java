package io.jtune.engine.exec;

import java.net.InetAddress;
import java.net.UnknownHostException;

/** This machine's host name and address, as results report them ({@code hostname}, {@code node_ip}); looked up once, loopback when unknown. */
public final class LocalHost {
    private static final String NAME;
    private static final String IP;

    static {
        String name = "localhost";
        String ip = "127.0.0.1";
        try {
            InetAddress local = InetAddress.getLocalHost();
            name = local.getHostName();
            ip = local.getHostAddress();
        } catch (UnknownHostException e) {
            // keep the loopback names
        }
        NAME = name;
        IP = ip;
    }

    private LocalHost() {
    }

    public static String name() {
        return NAME;
    }

    public static String ip() {
        return IP;
    }
}
