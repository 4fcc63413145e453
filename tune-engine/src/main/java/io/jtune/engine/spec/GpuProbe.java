package io.jtune.engine.spec;

import io.jtune.engine.log.LazyLogger;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** Counts the machine's GPUs as the lines of {@code nvidia-smi -L}; 0 when the command is absent or fails. */
final class GpuProbe {
    private static final LazyLogger LOG = new LazyLogger(GpuProbe.class);
    private static final String COMMAND = "nvidia-smi";

    private GpuProbe() {
    }

    static int countGpus() {
        if (!onPath(COMMAND)) {
            return 0;
        }
        try {
            Process process = new ProcessBuilder(COMMAND, "-L").redirectErrorStream(true).start();
            int count;
            try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                count = countGpuLines(out);
            }
            if (!process.waitFor(10, TimeUnit.SECONDS) || process.exitValue() != 0) {
                process.destroyForcibly();
                LOG.get().warn("'{} -L' did not succeed; assuming 0 GPUs (declare them with Tuner.machineResources)", COMMAND);
                return 0;
            }
            return count;
        } catch (IOException e) {
            LOG.get().warn("could not run '{} -L' ({}); assuming 0 GPUs", COMMAND, e.toString());
            return 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        }
    }

    /** The GPUs {@code nvidia-smi -L} lists: one line {@code GPU <n>: <name> (UUID: ...)} each. */
    static int countGpuLines(BufferedReader listing) throws IOException {
        int count = 0;
        for (String line = listing.readLine(); line != null; line = listing.readLine()) {
            if (line.startsWith("GPU ")) {
                count++;
            }
        }
        return count;
    }

    private static boolean onPath(String command) {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, command))) {
                return true;
            }
        }
        return false;
    }
}
