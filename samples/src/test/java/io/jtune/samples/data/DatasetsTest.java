package io.jtune.samples.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

class DatasetsTest {

    @Test
    void digitsHave1797RowsOf64ScaledPixelsAndLabelsZeroToNine() {
        ClassificationData digits = Datasets.digits();
        assertEquals(1797, digits.rows());
        assertEquals(64, digits.features());
        assertEquals(10, digits.classes());
        int[] perClass = new int[10];
        for (int label : digits.labels()) {
            perClass[label]++;
        }
        for (int c = 0; c < 10; c++) {
            assertTrue(perClass[c] > 150, "class " + c + " has " + perClass[c] + " rows");
        }
        for (double pixel : digits.x()) {
            assertTrue(pixel >= 0 && pixel <= 1, "pixel " + pixel);
            assertEquals(Math.rint(pixel * 16), pixel * 16, 0, "pixels are sixteenths");
        }
        // first line of the file: 0,0,5,13,9,1,0,0,... label 0
        assertEquals(5 / 16.0, digits.x()[2]);
        assertEquals(13 / 16.0, digits.x()[3]);
        assertEquals(0, digits.labels()[0]);
        assertEquals(1, digits.labels()[1]);
    }

    @Test
    void diabetesHas442RowsOf10VariablesAndATarget() {
        RegressionData diabetes = Datasets.diabetes();
        assertEquals(442, diabetes.rows());
        assertEquals(10, diabetes.features());
        assertArrayEquals(new double[] {59, 2, 32.1, 101.0, 157, 93.2, 38.0, 4.0, 4.8598, 87},
                java.util.Arrays.copyOfRange(diabetes.x(), 0, 10));
        assertEquals(151.0, diabetes.y()[0]);
        assertEquals(75.0, diabetes.y()[1]);
        assertEquals(48, diabetes.value(1, 0));
    }

    @Test
    void aRowWithTheWrongNumberOfValuesIsReportedWithItsLine() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> parse("1,2,3\n4,5\n", 3));
        assertEquals("dataset resource 'test.csv.gz' line 2: expected 3 values, found 2", e.getMessage());
    }

    @Test
    void aValueThatIsNotANumberIsReportedWithItsLineAndColumn() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> parse("1,2,3\n\n4,x,6\n", 3));
        assertEquals("dataset resource 'test.csv.gz' line 3 column 2: 'x' is not a number", e.getMessage());
    }

    @Test
    void blankLinesAreSkipped() throws IOException {
        double[][] rows = parse("1,2\n\n3,4\n", 2);
        assertEquals(2, rows.length);
        assertArrayEquals(new double[] {3, 4}, rows[1]);
    }

    @Test
    void aMissingResourceIsNamedWithWhereItShouldBe() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> GzipTable.readResource("data/no-such.csv.gz", Pattern.compile(","), 2));
        assertTrue(e.getMessage().contains("'data/no-such.csv.gz' is not on the classpath"), e.getMessage());
        assertTrue(e.getMessage().contains("src/main/resources/data/no-such.csv.gz"), e.getMessage());
    }

    @Test
    void aResourceThatIsNotGzipIsNamed() {
        IOException e = assertThrows(IOException.class, () -> GzipTable.parse("plain.csv",
                new ByteArrayInputStream("1,2\n".getBytes(StandardCharsets.US_ASCII)), Pattern.compile(","), 2));
        assertTrue(e.getMessage().contains("Not in GZIP format"), e.getMessage());
    }

    private static double[][] parse(String text, int columns) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(bytes)) {
            gzip.write(text.getBytes(StandardCharsets.US_ASCII));
        }
        return GzipTable.parse("test.csv.gz", new ByteArrayInputStream(bytes.toByteArray()), Pattern.compile(","), columns);
    }
}
