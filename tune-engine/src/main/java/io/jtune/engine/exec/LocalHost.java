package io.jtune.engine.exec;

import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * This machine's host name and address and this process's id, as results report them ({@code hostname},
 * {@code node_ip}, {@code pid}); looked up once, the names loopback ones when unknown.
 */
public final class LocalHost {
    private static final String NAME;
    private static final String IP;
    private static final Long PID = ProcessHandle.current().pid();

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

    public static Long pid() {
        return PID;
    }
}
