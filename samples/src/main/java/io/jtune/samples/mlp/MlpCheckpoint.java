package io.jtune.samples.mlp;

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
 * The binary checkpoint of an {@link MlpClassifier}: one file, {@value #FILE_NAME}, holding a
 * format header, the network's shape and activation, the epoch count, the random generator's
 * state, the parameters and the momentum buffer. Doubles are stored bit-exactly, so a restored
 * model continues exactly as the saved one would have. Hyperparameters that do not change the
 * shape (learning rate, momentum, batch size, weight decay) are not stored: they come from the
 * restoring model, which is what lets PBT change them between checkpoints.
 */
final class MlpCheckpoint {
    static final String FILE_NAME = "mlp.bin";
    private static final int MAGIC = 0x4A544D4C; // "JTML"
    private static final int VERSION = 1;

    /** What a checkpoint restores besides the arrays it fills in place. */
    record Progress(int epoch, long randomState) {
    }

    private MlpCheckpoint() {
    }

    static void write(Path dir, Mlp net, double[] velocity, Progress progress) throws IOException {
        Path file = dir.resolve(FILE_NAME);
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file)))) {
            out.writeInt(MAGIC);
            out.writeInt(VERSION);
            out.writeInt(net.inputs());
            out.writeInt(net.hidden());
            out.writeInt(net.outputs());
            out.writeUTF(net.activation().name());
            out.writeInt(progress.epoch());
            out.writeLong(progress.randomState());
            writeDoubles(out, net.parameters());
            writeDoubles(out, velocity);
        }
    }

    /**
     * Fills {@code net}'s parameters and {@code velocity} from the checkpoint in {@code dir}; the
     * shapes must match. Nothing is changed when the file is rejected or cannot be read completely.
     */
    static Progress read(Path dir, Mlp net, double[] velocity) throws IOException {
        Path file = dir.resolve(FILE_NAME);
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file)))) {
            if (in.readInt() != MAGIC) {
                throw new IOException(file + " is not an MLP checkpoint (wrong header)");
            }
            int version = in.readInt();
            if (version != VERSION) {
                throw new IOException(file + " has checkpoint format version " + version + "; this build reads version " + VERSION);
            }
            expect(file, "inputs", in.readInt(), net.inputs());
            expect(file, "hiddenSize", in.readInt(), net.hidden());
            expect(file, "outputs", in.readInt(), net.outputs());
            String activation = in.readUTF();
            if (!activation.equals(net.activation().name())) {
                throw new IllegalArgumentException(file + " holds a " + activation + " network but this model uses "
                        + net.activation() + "; restore it into a model with the same activation");
            }
            Progress progress = new Progress(in.readInt(), in.readLong());
            double[] parameters = readDoubles(file, in, net.parameters().length);
            double[] momentum = readDoubles(file, in, velocity.length);
            System.arraycopy(parameters, 0, net.parameters(), 0, parameters.length);
            System.arraycopy(momentum, 0, velocity, 0, momentum.length);
            return progress;
        } catch (NoSuchFileException e) {
            throw new NoSuchFileException(file.toString(), null, "no MLP checkpoint here: expected the file " + FILE_NAME
                    + " written by MlpClassifier.save");
        } catch (EOFException e) {
            throw new IOException(file + " is truncated: the checkpoint ends before all parameters were read", e);
        }
    }

    private static void expect(Path file, String what, int stored, int configured) {
        if (stored != configured) {
            throw new IllegalArgumentException(file + " holds a network with " + what + " " + stored + " but this model has "
                    + configured + "; restore it into a model of the same shape (" + what + " cannot change across a checkpoint)");
        }
    }

    private static void writeDoubles(DataOutputStream out, double[] values) throws IOException {
        out.writeInt(values.length);
        for (double v : values) {
            out.writeDouble(v);
        }
    }

    private static double[] readDoubles(Path file, DataInputStream in, int expected) throws IOException {
        int length = in.readInt();
        if (length != expected) {
            throw new IOException(file + " holds " + length + " values where the model has " + expected);
        }
        double[] values = new double[length];
        for (int i = 0; i < length; i++) {
            values[i] = in.readDouble();
        }
        return values;
    }
}
