package io.jtune.samples.data;

/**
 * A small, fast, seeded random generator (Steele, Lea and Flood's SplitMix64) whose whole state is
 * one {@code long}, so a model can checkpoint it and continue the exact same random sequence after
 * a restore. Not thread-safe; one instance per model.
 */
public final class SplitMix64 {
    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

    private long state;

    public SplitMix64(long seed) {
        this.state = seed;
    }

    /** The generator's state; {@code new SplitMix64(state())} continues the same sequence. */
    public long state() {
        return state;
    }

    public long nextLong() {
        long z = (state += GOLDEN_GAMMA);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** Uniform in [0, 1). */
    public double nextDouble() {
        return (nextLong() >>> 11) * 0x1.0p-53;
    }

    /** Uniform in [lo, hi). */
    public double nextDouble(double lo, double hi) {
        return lo + (hi - lo) * nextDouble();
    }

    /** Uniform in [0, bound), without modulo bias. */
    public int nextInt(int bound) {
        if (bound <= 0) {
            throw new IllegalArgumentException("bound must be positive, got " + bound);
        }
        while (true) {
            long bits = nextLong() >>> 1;
            long value = bits % bound;
            if (bits - value + (bound - 1) >= 0) {
                return (int) value;
            }
        }
    }

    /** Shuffles the array in place (Fisher–Yates). */
    public void shuffle(int[] values) {
        for (int i = values.length - 1; i > 0; i--) {
            int j = nextInt(i + 1);
            int t = values[i];
            values[i] = values[j];
            values[j] = t;
        }
    }
}
