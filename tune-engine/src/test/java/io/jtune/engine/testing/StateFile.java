package io.jtune.engine.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Collectors;

/** A test trainable's numeric state in one checkpoint file, {@code state.txt}, numbers separated by spaces. */
public final class StateFile {
    private StateFile() {
    }

    public static void save(Path dir, double... values) throws IOException {
        Files.writeString(dir.resolve("state.txt"), Arrays.stream(values).mapToObj(Double::toString).collect(Collectors.joining(" ")));
    }

    public static double[] load(Path dir) throws IOException {
        return Arrays.stream(Files.readString(dir.resolve("state.txt")).split(" ")).mapToDouble(Double::parseDouble).toArray();
    }
}
