package io.jtune.samples.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class FashionMnistTest {
    @Test
    void readsRowsFromAnyOffsetOfTheDebianFiles() {
        FashionMnist.Rows first = FashionMnist.training(0, 10);
        assertArrayEquals(new float[] {9, 0, 0, 3, 0, 2, 7, 2, 5, 5}, first.labels(), "the published first labels of the training set");
        assertEquals(10 * FashionMnist.FEATURES, first.pixels().length);
        FashionMnist.Rows shifted = FashionMnist.training(3, 2);
        assertArrayEquals(new float[] {3, 0}, shifted.labels());
        for (int i = 0; i < 2 * FashionMnist.FEATURES; i++) {
            assertEquals(first.pixels()[3 * FashionMnist.FEATURES + i], shifted.pixels()[i], "pixel " + i);
        }
        assertEquals(10_000, FashionMnist.test(0, 10_000).size());
    }
}
