package io.jtune.junit.support;

import io.jtune.junit.Constants;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

/** Runs the engine through EngineTestKit with experiments stored in a test's folder, and reads what it reported. */
public final class Runs {

    private Runs() {
    }

    /** Executes the selection with {@code jtune.storage} set to {@code storage}, plus {@code parameters}. */
    public static EngineExecutionResults execute(Path storage, Map<String, String> parameters, DiscoverySelector... selectors) {
        Map<String, String> all = new HashMap<>(parameters);
        all.putIfAbsent(Constants.STORAGE_PROPERTY_NAME, storage.toString());
        return EngineTestKit.engine(Constants.ENGINE_ID).configurationParameters(all).selectors(selectors).execute();
    }

    /** The finished trials (tests), in the order they finished. */
    public static List<Event> finishedTrials(EngineExecutionResults results) {
        return results.testEvents().finished().list();
    }

    public static TestExecutionResult result(Event finished) {
        return finished.getRequiredPayload(TestExecutionResult.class);
    }

    /** Every report entry published on the descriptor, merged in the order published. */
    public static Map<String, String> entries(EngineExecutionResults results, TestDescriptor descriptor) {
        Map<String, String> merged = new HashMap<>();
        results.allEvents().reportingEntryPublished().stream()
                .filter(event -> event.getTestDescriptor().getUniqueId().equals(descriptor.getUniqueId()))
                .forEach(event -> merged.putAll(event.getRequiredPayload(ReportEntry.class).getKeyValuePairs()));
        return merged;
    }

    /** The display names of the trials that finished with this status. */
    public static List<String> trialNames(EngineExecutionResults results, TestExecutionResult.Status status) {
        return finishedTrials(results).stream().filter(e -> result(e).getStatus() == status)
                .map(e -> e.getTestDescriptor().getDisplayName()).sorted().collect(Collectors.toList());
    }
}
