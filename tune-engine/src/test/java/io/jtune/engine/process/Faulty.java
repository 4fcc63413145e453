package io.jtune.engine.process;

import io.jtune.api.Config;
import io.jtune.api.trainable.ClassTrainable;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Steps normally unless its config's {@code fault} says how to break its worker JVM at step 2; the
 * {@code stray}, {@code malformed} and {@code cutoff} faults write into the worker's stdout as native
 * code could (a text line; a frame of an unknown kind; the start of a frame, then {@code halt}).
 */
public final class Faulty implements ClassTrainable {
    private String fault;
    private int step;
    /** Keeps what the {@code oom} fault allocates reachable. */
    private final List<long[]> hoard = new ArrayList<>();

    @Override
    public void setup(Config config) {
        fault = config.getString("fault");
    }

    @Override
    public Map<String, ?> step() {
        step++;
        if (step == 2) {
            switch (fault) {
                case "exit" -> System.exit(3);
                case "halt" -> Runtime.getRuntime().halt(7);
                case "oom" -> {
                    while (true) {
                        hoard.add(new long[1 << 17]);
                    }
                }
                case "spin" -> spin();
                case "stray" -> toStdout("a line from native code\n".getBytes(StandardCharsets.UTF_8));
                case "malformed" -> toStdout(new byte[] {0x00, (byte) 0xA7, 0, 0, 0, 1, 99});
                case "cutoff" -> {
                    toStdout(new byte[] {0x00, (byte) 0xA7, 0, 0, 0, 100, 1, 2, 3});
                    Runtime.getRuntime().halt(7);
                }
                default -> { }
            }
        }
        return Map.of("score", step * 10, "hoard", hoard.size(), "worker_pid", ProcessHandle.current().pid());
    }

    /** Writes straight to file descriptor 1, past System.out (which the worker points at stderr). */
    private static void toStdout(byte[] bytes) {
        try {
            new FileOutputStream(FileDescriptor.out).write(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void spin() {
        long x = 0;
        while (x >= 0) {
            x = (x + 1) & Long.MAX_VALUE >>> 1;
        }
    }
}
