package io.jtune.engine.schedule;

import java.util.List;
import java.util.random.RandomGenerator;

/**
 * A SplitMix64 generator whose whole state is one {@code long}, so a scheduler can save it with its
 * other state and continue the same sequence of draws after a restart.
 */
final class SeededRandom implements RandomGenerator {
    private long state;

    SeededRandom(long seed) {
        this.state = seed;
    }

    @Override
    public long nextLong() {
        long z = state += 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** One element, each equally likely. */
    <T> T choice(List<T> items) {
        return items.get(nextInt(items.size()));
    }

    long state() {
        return state;
    }

    void restore(long savedState) {
        this.state = savedState;
    }
}
