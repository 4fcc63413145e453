package io.jtune.engine.schedule;

import io.jtune.api.Config;
import io.jtune.api.trainable.ClassTrainable;
import io.jtune.api.trainable.TrialContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * A class trainable that reports the CPUs its run was given and counts its steps in state it saves
 * and restores. A trial with {@code length} L ends after L steps; one with length 0 ends once it
 * has seen {@code wantCpus} CPUs for two steps (or after {@link #LIMIT} steps, so a broken
 * resize cannot run forever).
 */
public class CpuCountingTrainable implements ClassTrainable {
    static final int LIMIT = 400;
    private long length;
    private double wantCpus;
    private long stepsDone;
    private int stepsAtWanted;

    @Override
    public void setup(Config config) {
        length = config.getInt("length", 0);
        wantCpus = config.getDouble("wantCpus", 4);
    }

    @Override
    public Map<String, ?> step() throws InterruptedException {
        double cpus = TrialContext.current().resources().cpu();
        Thread.sleep(2); // a little work, so trials overlap
        stepsDone++;
        stepsAtWanted = cpus >= wantCpus ? stepsAtWanted + 1 : 0;
        boolean done = length > 0 ? stepsDone >= length : stepsAtWanted >= 2 || stepsDone >= LIMIT;
        return Map.of("cpus", cpus, "steps", stepsDone, "score", stepsDone * cpus, "done", done);
    }

    @Override
    public boolean supportsCheckpoints() {
        return true;
    }

    @Override
    public void save(Path dir) throws Exception {
        Files.writeString(dir.resolve("steps"), Long.toString(stepsDone));
    }

    @Override
    public void restore(Path dir) throws Exception {
        stepsDone = Long.parseLong(Files.readString(dir.resolve("steps")).trim());
    }
}
