package io.jtune.samples.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class DataSplitTest {

    @Test
    void partitionsEveryRowExactlyOnceWithTheRequestedSizes() {
        DataSplit split = DataSplit.shuffled(1797, 0.15, 0.15, 7);
        assertEquals(270, split.test().length);
        assertEquals(270, split.validation().length);
        assertEquals(1257, split.train().length);
        int[] all = IntStream.concat(IntStream.concat(Arrays.stream(split.train()), Arrays.stream(split.validation())),
                Arrays.stream(split.test())).sorted().toArray();
        assertArrayEquals(IntStream.range(0, 1797).toArray(), all);
    }

    @Test
    void theSameSeedGivesTheSameSplitAndAnotherSeedAnother() {
        DataSplit a = DataSplit.shuffled(100, 0.2, 0.2, 1);
        DataSplit b = DataSplit.shuffled(100, 0.2, 0.2, 1);
        DataSplit c = DataSplit.shuffled(100, 0.2, 0.2, 2);
        assertArrayEquals(a.train(), b.train());
        assertArrayEquals(a.test(), b.test());
        assertFalse(Arrays.equals(a.test(), c.test()));
    }

    @Test
    void fractionsThatLeaveNoTrainingRowsAreRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DataSplit.shuffled(10, 0.5, 0.5, 1));
        assertEquals("validationFraction 0.5 + testFraction 0.5 leave no training rows out of 10; use smaller fractions", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> DataSplit.shuffled(10, 0, 0.5, 1));
        assertThrows(IllegalArgumentException.class, () -> DataSplit.shuffled(10, 0.2, Double.NaN, 1));
    }
}
