package io.jtune.samples.checkpoint;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * A model's binary checkpoint file: a header (a magic number naming the format, then its
 * version) followed by the model's values written with {@link DataOutputStream}, so doubles are
 * stored bit-exactly. Readers get clear errors naming the file: missing, of another kind, of
 * another version, truncated, or holding arrays of an unexpected length.
 */
public final class CheckpointFile {
    private final Path file;
    private final String kind;
    private final int magic;
    private final int version;

    /**
     * @param file where the checkpoint lives
     * @param kind what it holds, for messages (e.g. "MLP checkpoint")
     * @param magic the number that opens every file of this kind
     * @param version the format version this code writes and reads
     */
    public CheckpointFile(Path file, String kind, int magic, int version) {
        this.file = file;
        this.kind = kind;
        this.magic = magic;
        this.version = version;
    }

    public Path path() {
        return file;
    }

    /** What a writer puts after the header. */
    @FunctionalInterface
    public interface Body {
        void write(DataOutputStream out) throws IOException;
    }

    /** What a reader takes from after the header. */
    @FunctionalInterface
    public interface Reader<T> {
        T read(DataInputStream in) throws IOException;
    }

    /** Writes the header then {@code body}, replacing the file. */
    public void write(Body body) throws IOException {
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file)))) {
            out.writeInt(magic);
            out.writeInt(version);
            body.write(out);
        }
    }

    /** Checks the header, then reads the rest with {@code reader}. */
    public <T> T read(Reader<T> reader) throws IOException {
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file)))) {
            if (in.readInt() != magic) {
                throw new IOException(file + " is not in the " + kind + " format (wrong header)");
            }
            int stored = in.readInt();
            if (stored != version) {
                throw new IOException(file + " has " + kind + " format version " + stored + "; this build reads version " + version);
            }
            return reader.read(in);
        } catch (NoSuchFileException e) {
            throw new NoSuchFileException(file.toString(), null, "no " + kind + " here: expected the file " + file.getFileName());
        } catch (EOFException e) {
            throw new IOException(file + " is truncated: the " + kind + " ends early", e);
        }
    }

    public static void writeDoubles(DataOutputStream out, double[] values) throws IOException {
        out.writeInt(values.length);
        for (double v : values) {
            out.writeDouble(v);
        }
    }

    public static void writeInts(DataOutputStream out, int[] values) throws IOException {
        out.writeInt(values.length);
        for (int v : values) {
            out.writeInt(v);
        }
    }

    /** Reads an array {@link #writeDoubles} wrote; {@code expected} is its required length, or -1 for any. */
    public double[] readDoubles(DataInputStream in, int expected) throws IOException {
        double[] values = new double[checkedLength(in, expected)];
        for (int i = 0; i < values.length; i++) {
            values[i] = in.readDouble();
        }
        return values;
    }

    /** Reads an array {@link #writeInts} wrote; {@code expected} is its required length, or -1 for any. */
    public int[] readInts(DataInputStream in, int expected) throws IOException {
        int[] values = new int[checkedLength(in, expected)];
        for (int i = 0; i < values.length; i++) {
            values[i] = in.readInt();
        }
        return values;
    }

    private int checkedLength(DataInputStream in, int expected) throws IOException {
        int length = in.readInt();
        if (length < 0 || (expected >= 0 && length != expected)) {
            throw new IOException(file + " holds an array of " + length + " values where " + (expected >= 0 ? expected : "a non-negative count")
                    + " were expected; the " + kind + " is damaged or from another model");
        }
        return length;
    }
}
