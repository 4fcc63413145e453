package io.jtune.samples.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SplitMix64Test {

    @Test
    void matchesTheReferenceSequenceForSeedZero() {
        SplitMix64 random = new SplitMix64(0);
        assertEquals(0xE220A8397B1DCDAFL, random.nextLong());
        assertEquals(0x6E789E6AA1B965F4L, random.nextLong());
        assertEquals(0x06C45D188009454FL, random.nextLong());
    }

    @Test
    void aGeneratorMadeFromTheStateContinuesTheSequence() {
        SplitMix64 original = new SplitMix64(42);
        original.nextLong();
        SplitMix64 copy = new SplitMix64(original.state());
        for (int i = 0; i < 10; i++) {
            assertEquals(original.nextLong(), copy.nextLong());
        }
    }

    @Test
    void boundedIntsCoverTheRangeEvenly() {
        SplitMix64 random = new SplitMix64(3);
        int[] counts = new int[7];
        for (int i = 0; i < 70_000; i++) {
            counts[random.nextInt(7)]++;
        }
        for (int count : counts) {
            assertTrue(Math.abs(count - 10_000) < 500, "count " + count);
        }
        assertThrows(IllegalArgumentException.class, () -> random.nextInt(0));
    }

    @Test
    void doublesStayInTheHalfOpenInterval() {
        SplitMix64 random = new SplitMix64(5);
        for (int i = 0; i < 10_000; i++) {
            double d = random.nextDouble(-2, 3);
            assertTrue(d >= -2 && d < 3, "value " + d);
        }
    }
}
