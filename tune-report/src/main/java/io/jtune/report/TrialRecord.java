package io.jtune.report;

import io.jtune.api.Result;
import java.util.List;
import java.util.Map;

/**
 * What a report shows of one trial.
 *
 * @param id the trial id
 * @param name the trial's folder name
 * @param status PENDING, RUNNING, PAUSED, TERMINATED or ERROR
 * @param config the config's leaves by path ({@code model/units})
 * @param history every result, oldest first
 * @param errorTrace the stack trace of its last failure, or null
 * @param checkpoint the folder of its latest checkpoint, or null
 */
record TrialRecord(String id, String name, String status, Map<String, Object> config, List<Result> history, String errorTrace,
                          String checkpoint) {

    public TrialRecord {
        config = Map.copyOf(config);
        history = List.copyOf(history);
    }

    /** The first line of the last failure's stack trace, or null. */
    public String errorLine() {
        if (errorTrace == null || errorTrace.isBlank()) {
            return null;
        }
        String trimmed = errorTrace.strip();
        int end = trimmed.indexOf('\n');
        return (end < 0 ? trimmed : trimmed.substring(0, end)).strip();
    }
}
