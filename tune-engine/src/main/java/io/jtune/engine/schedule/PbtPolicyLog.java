package io.jtune.engine.schedule;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.jtune.api.Config;
import io.jtune.api.TuneException;
import io.jtune.engine.json.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;

/**
 * Ray Tune's PBT logs in the experiment folder: each exploit appends one JSON list
 * {@code [target tag, clone tag, target iteration, clone iteration, clone config, new config]} to
 * {@code pbt_global.txt}; the target's {@code pbt_policy_<trial_id>.txt} becomes a copy of the
 * clone's, when the clone has one (the schedule it inherits), plus that line, so the chain of tags
 * at the end of each policy file is the trial's config schedule (what Ray's
 * {@code PopulationBasedTrainingReplay} replays).
 */
final class PbtPolicyLog {
    static final String GLOBAL_FILE = "pbt_global.txt";

    private final Path dir;

    PbtPolicyLog(Path experimentDir) {
        this.dir = experimentDir;
    }

    static String policyFileName(String trialId) {
        return "pbt_policy_" + trialId + ".txt";
    }

    void record(String trialId, String cloneId, List<Object> policy) {
        String line = toJson(policy) + "\n";
        Path global = dir.resolve(GLOBAL_FILE);
        Path target = dir.resolve(policyFileName(trialId));
        Path source = dir.resolve(policyFileName(cloneId));
        try {
            Files.createDirectories(dir);
            append(global, line);
            if (Files.exists(source)) {
                Files.copy(source, target, StandardCopyOption.REPLACE_EXISTING);
            }
            append(target, line);
        } catch (IOException e) {
            throw new TuneException("PopulationBasedTraining: cannot write the exploit log in " + dir + " (" + e.getMessage()
                    + "); make the experiment folder writable or build the scheduler with logConfig(false)", e);
        }
    }

    /** The policy line of one exploit, in Ray's order. */
    static List<Object> policy(String trialTag, String cloneTag, long trialIteration, long cloneIteration, Config cloneConfig, Config newConfig) {
        return Arrays.asList(trialTag, cloneTag, trialIteration, cloneIteration, cloneConfig.toMap(), newConfig.toMap());
    }

    private static void append(Path file, String line) throws IOException {
        Files.writeString(file, line, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    private static String toJson(List<Object> policy) {
        try {
            return Json.mapper().writeValueAsString(policy);
        } catch (JsonProcessingException e) {
            throw new TuneException("PopulationBasedTraining: a config value cannot be written as JSON for the exploit log ("
                    + e.getOriginalMessage() + "); use numbers, strings, booleans and lists in configs, or logConfig(false)", e);
        }
    }
}
