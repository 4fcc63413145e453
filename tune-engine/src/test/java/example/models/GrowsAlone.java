package example.models;

import io.jtune.api.Grid;
import io.jtune.api.Param;
import io.jtune.api.ResourceChanging;
import io.jtune.api.Restore;
import io.jtune.api.Save;
import io.jtune.api.Step;
import io.jtune.api.Trainable;
import io.jtune.api.trainable.TrialContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code @ResourceChanging} by annotation (over FIFO): the trials of length 1 and 2 end, and the
 * open-ended one (length 0) runs until it has had all {@code wantCpus} CPUs for two steps (at most 400).
 */
@Trainable(metric = "score", mode = "max")
@ResourceChanging
public class GrowsAlone {
    /** One step's metrics; {@code done} ends the trial. */
    public record Metrics(double score, double cpus, long steps, boolean done) {
    }

    @Param @Grid({"1", "2", "0"}) int length;
    @Param @Grid("3") double wantCpus;

    private long steps;
    private int stepsOnAll;

    @Step
    public Metrics step() {
        double cpus = TrialContext.current().resources().cpu();
        steps++;
        stepsOnAll = cpus >= wantCpus ? stepsOnAll + 1 : 0;
        boolean done = length > 0 ? steps >= length : stepsOnAll >= 2 || steps >= 400;
        return new Metrics(steps * cpus, cpus, steps, done);
    }

    @Save
    void save(Path dir) throws IOException {
        Files.writeString(dir.resolve("steps"), Long.toString(steps));
    }

    @Restore
    void restore(Path dir) throws IOException {
        steps = Long.parseLong(Files.readString(dir.resolve("steps")));
    }
}
