package io.jtune.samples.data;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/**
 * Fashion-MNIST (Zalando, MIT licence; 60,000 training and 10,000 test images of 28×28 grey
 * pixels, 10 clothing classes) as Debian's {@code dataset-fashion-mnist} installs it, in
 * {@value #DIR}: the IDX files, read row by row as 784 pixel features (0-255) and a label.
 */
public final class FashionMnist {
    /** Where Debian's package puts the files. */
    public static final String DIR = "/usr/share/datasets/fashion-mnist";
    /** Pixels a row. */
    public static final int FEATURES = 28 * 28;
    /** Classes (T-shirt/top, trouser, pullover, dress, coat, sandal, shirt, sneaker, bag, ankle boot). */
    public static final int CLASSES = 10;
    private static final int IMAGES_MAGIC = 2051;
    private static final int LABELS_MAGIC = 2049;

    private FashionMnist() {
    }

    /** Rows of one split: {@code rows × FEATURES} pixels, row-major, and a label per row. */
    public record Rows(float[] pixels, float[] labels) {
        public int size() {
            return labels.length;
        }
    }

    /** {@code count} rows of the 60,000 training images, from row {@code from}. */
    public static Rows training(int from, int count) {
        return read("train", from, count);
    }

    /** {@code count} rows of the 10,000 test images, from row {@code from}. */
    public static Rows test(int from, int count) {
        return read("t10k", from, count);
    }

    private static Rows read(String split, int from, int count) {
        Path images = Path.of(DIR, split + "-images-idx3-ubyte.gz");
        Path labels = Path.of(DIR, split + "-labels-idx1-ubyte.gz");
        try {
            return new Rows(pixels(images, from, count), labels(labels, from, count));
        } catch (NoSuchFileException e) {
            throw new IllegalStateException("Fashion-MNIST file " + e.getFile() + " is missing: install Debian's package"
                    + " (apt-get install dataset-fashion-mnist), which puts the data in " + DIR, e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read Fashion-MNIST from " + images + " and " + labels + ": " + e.getMessage(), e);
        }
    }

    private static float[] pixels(Path file, int from, int count) throws IOException {
        try (DataInputStream in = open(file, IMAGES_MAGIC, from + count)) {
            if (in.readInt() != 28 || in.readInt() != 28) {
                throw new IOException(file + " does not hold 28×28 images");
            }
            in.skipNBytes((long) from * FEATURES);
            byte[] bytes = in.readNBytes(count * FEATURES);
            float[] pixels = new float[bytes.length];
            for (int i = 0; i < bytes.length; i++) {
                pixels[i] = bytes[i] & 0xFF;
            }
            return pixels;
        }
    }

    private static float[] labels(Path file, int from, int count) throws IOException {
        try (DataInputStream in = open(file, LABELS_MAGIC, from + count)) {
            in.skipNBytes(from);
            byte[] bytes = in.readNBytes(count);
            float[] labels = new float[count];
            for (int i = 0; i < count; i++) {
                labels[i] = bytes[i];
            }
            return labels;
        }
    }

    /** The file past its magic number and row count, checked to hold at least {@code rows} rows. */
    private static DataInputStream open(Path file, int magic, int rows) throws IOException {
        InputStream raw = Files.newInputStream(file);
        DataInputStream in = new DataInputStream(new BufferedInputStream(new GZIPInputStream(raw, 1 << 16), 1 << 16));
        try {
            if (in.readInt() != magic) {
                throw new IOException(file + " is not an IDX file of Fashion-MNIST (wrong magic number)");
            }
            int size = in.readInt();
            if (size < rows) {
                throw new IOException(file + " has " + size + " rows, fewer than the " + rows + " asked for");
            }
            return in;
        } catch (IOException e) {
            in.close();
            throw e;
        }
    }
}
