package io.jtune.xgboost;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import ml.dmlc.xgboost4j.java.Booster;
import ml.dmlc.xgboost4j.java.XGBoost;
import ml.dmlc.xgboost4j.java.XGBoostError;

/**
 * A checkpoint of XGBoost training is the booster itself: one file, {@value #FILE}, holding the
 * model in XGBoost's Universal Binary JSON format (what {@code Booster.save_model("model.ubj")}
 * writes in Python and {@code XGBoost.loadModel} reads), with the number of boosting rounds done in
 * the booster attribute {@value #ROUNDS_ATTRIBUTE}. Any XGBoost tool can load it.
 */
public final class BoosterCheckpoint {
    /** The model file in a checkpoint folder. */
    public static final String FILE = "model.ubj";
    /** The booster attribute holding the boosting rounds done. */
    public static final String ROUNDS_ATTRIBUTE = "boosting_rounds";
    private static final String FORMAT = "ubj";

    private BoosterCheckpoint() {
    }

    /** Records {@code rounds} in the booster and writes it into the (existing) folder {@code dir}. */
    public static void write(Booster booster, int rounds, Path dir) throws IOException {
        try {
            booster.setAttr(ROUNDS_ATTRIBUTE, Integer.toString(rounds));
            Files.write(dir.resolve(FILE), booster.toByteArray(FORMAT));
        } catch (XGBoostError e) {
            throw new IOException("cannot write the booster into " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * Loads the booster a checkpoint folder holds (the caller owns it: {@code dispose()} it).
     *
     * @throws IOException naming the file when it is missing or is not an XGBoost model
     */
    public static Booster read(Path dir) throws IOException {
        Path file = dir.resolve(FILE);
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new IOException("checkpoint folder " + dir + " has no " + FILE + ": it was not written by an XGBoost trainable", e);
        }
        try {
            return XGBoost.loadModel(bytes);
        } catch (XGBoostError e) {
            throw new IOException(file + " is not an XGBoost model: " + e.getMessage(), e);
        }
    }

    /** The boosting rounds a booster from {@link #read} has done; 0 when it carries no count. */
    public static int rounds(Booster booster) throws XGBoostError {
        String rounds = booster.getAttr(ROUNDS_ATTRIBUTE);
        return rounds == null ? 0 : Integer.parseInt(rounds);
    }
}
