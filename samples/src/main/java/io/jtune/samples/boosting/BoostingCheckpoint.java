package io.jtune.samples.boosting;

import io.jtune.samples.checkpoint.CheckpointFile;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The binary checkpoint of a {@link GradientBoostedTrees}: one file, {@value #FILE_NAME}, holding
 * the feature count, the base prediction, the random generator's state and every tree (leaf
 * values already shrunk), in order. Hyperparameters are not stored: they come from the restoring
 * model, and only affect the trees grown after the restore.
 */
final class BoostingCheckpoint {
    static final String FILE_NAME = "gbt.bin";
    private static final int MAGIC = 0x4A544742; // "JTGB"
    private static final int VERSION = 1;

    /** Everything a checkpoint holds. */
    record State(int features, double basePrediction, long randomState, List<RegressionTree> trees) {
    }

    private BoostingCheckpoint() {
    }

    private static CheckpointFile file(Path dir) {
        return new CheckpointFile(dir.resolve(FILE_NAME), "gradient-boosting checkpoint", MAGIC, VERSION);
    }

    static void write(Path dir, State state) throws IOException {
        file(dir).write(out -> {
            out.writeInt(state.features());
            out.writeDouble(state.basePrediction());
            out.writeLong(state.randomState());
            out.writeInt(state.trees().size());
            for (RegressionTree tree : state.trees()) {
                CheckpointFile.writeInts(out, tree.feature());
                CheckpointFile.writeDoubles(out, tree.threshold());
                CheckpointFile.writeInts(out, tree.left());
                CheckpointFile.writeInts(out, tree.right());
                CheckpointFile.writeDoubles(out, tree.value());
            }
        });
    }

    static State read(Path dir) throws IOException {
        CheckpointFile file = file(dir);
        return file.read(in -> {
            int features = in.readInt();
            double basePrediction = in.readDouble();
            long randomState = in.readLong();
            int count = in.readInt();
            if (count < 0) {
                throw new IOException(file.path() + " claims " + count + " trees; the checkpoint is damaged");
            }
            List<RegressionTree> trees = new ArrayList<>(Math.min(count, 1 << 16));
            for (int t = 0; t < count; t++) {
                trees.add(readTree(file, in, features, t));
            }
            return new State(features, basePrediction, randomState, List.copyOf(trees));
        });
    }

    private static RegressionTree readTree(CheckpointFile file, DataInputStream in, int features, int index) throws IOException {
        int[] feature = file.readInts(in, -1);
        int nodes = feature.length;
        double[] threshold = file.readDoubles(in, nodes);
        int[] left = file.readInts(in, nodes);
        int[] right = file.readInts(in, nodes);
        double[] value = file.readDoubles(in, nodes);
        try {
            return new RegressionTree(features, feature, threshold, left, right, value);
        } catch (IllegalArgumentException e) {
            throw new IOException(file.path() + " tree " + index + " is damaged: " + e.getMessage(), e);
        }
    }
}
