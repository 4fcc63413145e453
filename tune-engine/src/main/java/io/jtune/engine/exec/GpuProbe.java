package io.jtune.engine.exec;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Counts the machine's GPUs as the lines of {@code nvidia-smi -L}; 0 when the command is absent or fails. */
final class GpuProbe {
    private static final Logger LOG = LoggerFactory.getLogger(GpuProbe.class);
    private static final String COMMAND = "nvidia-smi";

    private GpuProbe() {
    }

    static int countGpus() {
        if (!onPath(COMMAND)) {
            return 0;
        }
        try {
            Process process = new ProcessBuilder(COMMAND, "-L").redirectErrorStream(true).start();
            int count = 0;
            try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = out.readLine()) != null) {
                    if (line.startsWith("GPU ")) {
                        count++;
                    }
                }
            }
            if (!process.waitFor(10, TimeUnit.SECONDS) || process.exitValue() != 0) {
                process.destroyForcibly();
                LOG.warn("'{} -L' did not succeed; assuming 0 GPUs (declare them with Tuner.machineResources)", COMMAND);
                return 0;
            }
            return count;
        } catch (IOException e) {
            LOG.warn("could not run '{} -L' ({}); assuming 0 GPUs", COMMAND, e.toString());
            return 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        }
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
