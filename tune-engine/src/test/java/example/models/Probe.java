package example.models;

import java.util.concurrent.atomic.AtomicInteger;

/** What fixtures record for tests to read. */
public final class Probe {
    public static final AtomicInteger TEARDOWNS = new AtomicInteger();

    private Probe() {
    }
}
