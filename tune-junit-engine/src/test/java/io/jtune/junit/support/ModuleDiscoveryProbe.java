package io.jtune.junit.support;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectModule;

import io.jtune.junit.Constants;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.testkit.engine.EngineDiscoveryResults;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * Run in a child JVM whose module path holds the module named by the argument: prints the unique
 * id of each experiment a module selector discovers, then each discovery issue.
 */
public final class ModuleDiscoveryProbe {

    private ModuleDiscoveryProbe() {
    }

    public static void main(String[] args) {
        EngineDiscoveryResults results = EngineTestKit.engine(Constants.ENGINE_ID).selectors(selectModule(args[0])).discover();
        for (TestDescriptor experiment : results.getEngineDescriptor().getChildren()) {
            System.out.println("experiment " + experiment.getUniqueId());
        }
        results.getDiscoveryIssues().forEach(issue -> System.out.println("issue " + issue.message()));
    }
}
