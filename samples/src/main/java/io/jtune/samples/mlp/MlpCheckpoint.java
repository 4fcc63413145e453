package io.jtune.samples.mlp;

import io.jtune.samples.checkpoint.CheckpointFile;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The binary checkpoint of an {@link MlpClassifier}: one file, {@value #FILE_NAME}, holding the
 * network's shape and activation, the epoch count, the random generator's state, the parameters
 * and the momentum buffer. Doubles are stored bit-exactly, so a restored model continues exactly
 * as the saved one would have. Hyperparameters that do not change the shape (learning rate,
 * momentum, batch size, weight decay) are not stored: they come from the restoring model, which
 * is what lets PBT change them between checkpoints.
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

    private static CheckpointFile file(Path dir) {
        return new CheckpointFile(dir.resolve(FILE_NAME), "MLP checkpoint", MAGIC, VERSION);
    }

    static void write(Path dir, Mlp net, double[] velocity, Progress progress) throws IOException {
        file(dir).write(out -> {
            out.writeInt(net.inputs());
            out.writeInt(net.hidden());
            out.writeInt(net.outputs());
            out.writeUTF(net.activation().name());
            out.writeInt(progress.epoch());
            out.writeLong(progress.randomState());
            CheckpointFile.writeDoubles(out, net.parameters());
            CheckpointFile.writeDoubles(out, velocity);
        });
    }

    /**
     * Fills {@code net}'s parameters and {@code velocity} from the checkpoint in {@code dir}; the
     * shapes must match. Nothing is changed when the file is rejected or cannot be read completely.
     */
    static Progress read(Path dir, Mlp net, double[] velocity) throws IOException {
        CheckpointFile file = file(dir);
        return file.read(in -> {
            expect(file, "inputs", in.readInt(), net.inputs());
            expect(file, "hiddenSize", in.readInt(), net.hidden());
            expect(file, "outputs", in.readInt(), net.outputs());
            String activation = in.readUTF();
            if (!activation.equals(net.activation().name())) {
                throw new IllegalArgumentException(file.path() + " holds a " + activation + " network but this model uses "
                        + net.activation() + "; restore it into a model with the same activation");
            }
            Progress progress = new Progress(in.readInt(), in.readLong());
            double[] parameters = file.readDoubles(in, net.parameters().length);
            double[] momentum = file.readDoubles(in, velocity.length);
            System.arraycopy(parameters, 0, net.parameters(), 0, parameters.length);
            System.arraycopy(momentum, 0, velocity, 0, momentum.length);
            return progress;
        });
    }

    private static void expect(CheckpointFile file, String what, int stored, int configured) {
        if (stored != configured) {
            throw new IllegalArgumentException(file.path() + " holds a network with " + what + " " + stored + " but this model has "
                    + configured + "; restore it into a model of the same shape (" + what + " cannot change across a checkpoint)");
        }
    }
}
