package io.jtune.samples;

import io.jtune.api.trainable.CheckpointDir;
import io.jtune.api.trainable.Session;
import io.jtune.api.trainable.TrialStoppedSignal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A {@link Session} for testing train functions without the engine: keeps every report, stops after a set count. */
final class RecordingSession implements Session {
    /** One call of report. */
    record Report(Map<String, ?> metrics, CheckpointDir checkpoint) {
    }

    private final Path trialDir;
    private final CheckpointDir resumeFrom;
    private final int stopAfter;
    final List<Report> reports = new ArrayList<>();

    /** A session that resumes from {@code resumeFrom} (may be null) and stops the trial at report {@code stopAfter} (0 = never). */
    RecordingSession(Path trialDir, CheckpointDir resumeFrom, int stopAfter) {
        this.trialDir = trialDir;
        this.resumeFrom = resumeFrom;
        this.stopAfter = stopAfter;
    }

    @Override
    public void report(Map<String, ?> metrics) {
        report(metrics, null);
    }

    @Override
    public void report(Map<String, ?> metrics, CheckpointDir checkpoint) {
        reports.add(new Report(Map.copyOf(metrics), checkpoint));
        if (reports.size() == stopAfter) {
            throw new TrialStoppedSignal("stopped by the test after " + stopAfter + " reports");
        }
    }

    @Override
    public Optional<CheckpointDir> checkpoint() {
        return Optional.ofNullable(resumeFrom);
    }

    @Override
    public String trialId() {
        return "test_trial";
    }

    @Override
    public Path trialDir() {
        return trialDir;
    }
}
