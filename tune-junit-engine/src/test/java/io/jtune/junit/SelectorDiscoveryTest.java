package io.jtune.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClasspathRoots;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectPackage;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectUniqueId;

import io.jtune.junit.descriptor.TrainableClassDescriptor;
import io.jtune.junit.fixtures.earlystop.AshaFullRunTrainable;
import io.jtune.junit.fixtures.earlystop.EarlyStoppedTrainable;
import io.jtune.junit.fixtures.earlystop.StopHighLossScheduler;
import io.jtune.junit.fixtures.expect.MetExpectationTrainable;
import io.jtune.junit.fixtures.expect.MissedExpectationTrainable;
import io.jtune.junit.fixtures.failure.ExplodingTrainable;
import io.jtune.junit.fixtures.success.QuadraticTrainable;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.Filter;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.TestTag;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.discovery.ClassNameFilter;
import org.junit.platform.engine.discovery.PackageNameFilter;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.launcher.TagFilter;
import org.junit.platform.testkit.engine.EngineDiscoveryResults;
import org.junit.platform.testkit.engine.EngineTestKit;

/** Discovery through each selector and filter, over the fixture packages (no experiment runs here). */
class SelectorDiscoveryTest {

    private static final String FIXTURES = "io.jtune.junit.fixtures";
    private static final Set<String> ALL_FIXTURES = names(QuadraticTrainable.class, ExplodingTrainable.class, EarlyStoppedTrainable.class,
            AshaFullRunTrainable.class, MetExpectationTrainable.class, MissedExpectationTrainable.class);

    @Test
    void aClassSelectorMakesOneContainerWithClassSourceAndTags() {
        EngineDiscoveryResults results = discover(selectClass(QuadraticTrainable.class));

        assertEquals(List.of(), results.getDiscoveryIssues());
        assertEquals(1, results.getEngineDescriptor().getChildren().size());
        TestDescriptor experiment = results.getEngineDescriptor().getChildren().iterator().next();
        assertEquals(UniqueId.forEngine("jtune").append("class", QuadraticTrainable.class.getName()), experiment.getUniqueId());
        assertEquals(QuadraticTrainable.class.getName(), experiment.getDisplayName());
        assertEquals(Optional.of(ClassSource.from(QuadraticTrainable.class)), experiment.getSource());
        assertEquals(Set.of(TestTag.create("quick")), experiment.getTags());
        assertTrue(experiment.isContainer());
        assertTrue(experiment.getChildren().isEmpty());
    }

    @Test
    void aClassWithoutTrainableIsNotAnExperiment() {
        EngineDiscoveryResults results = discover(selectClass(StopHighLossScheduler.class));

        assertEquals(Set.of(), results.getEngineDescriptor().getChildren());
        assertEquals(List.of(), results.getDiscoveryIssues());
    }

    @Test
    void aPackageSelectorFindsTheTrainablesInItAndItsSubpackages() {
        assertEquals(ALL_FIXTURES, experiments(discover(selectPackage(FIXTURES))));
        assertEquals(names(MetExpectationTrainable.class, MissedExpectationTrainable.class),
                experiments(discover(selectPackage(FIXTURES + ".expect"))));
    }

    @Test
    void aClasspathRootSelectorFindsEveryTrainableUnderThatRoot() throws Exception {
        Path testClasses = Path.of(QuadraticTrainable.class.getProtectionDomain().getCodeSource().getLocation().toURI());

        assertEquals(ALL_FIXTURES, experiments(discover(selectClasspathRoots(Set.of(testClasses)).get(0))));
    }

    @Test
    void aUniqueIdSelectsItsExperimentAndATrialIdSelectsTheWholeExperiment() {
        UniqueId experiment = UniqueId.forEngine("jtune").append("class", ExplodingTrainable.class.getName());
        UniqueId otherEngine = UniqueId.forEngine("junit-jupiter").append("class", ExplodingTrainable.class.getName());

        assertEquals(names(ExplodingTrainable.class), experiments(discover(selectUniqueId(experiment))));
        assertEquals(names(ExplodingTrainable.class), experiments(discover(selectUniqueId(experiment.append("trial", "a1b2c_00001")))));
        assertEquals(Set.of(), experiments(discover(selectUniqueId(otherEngine))));
    }

    @Test
    void classNameFiltersApplyToScannedAndSelectedClasses() {
        assertEquals(names(QuadraticTrainable.class, EarlyStoppedTrainable.class, AshaFullRunTrainable.class, MetExpectationTrainable.class,
                MissedExpectationTrainable.class), experiments(discover(filters(ClassNameFilter.excludeClassNamePatterns(".*Exploding.*")), selectPackage(FIXTURES))));
        assertEquals(names(MetExpectationTrainable.class, MissedExpectationTrainable.class),
                experiments(discover(filters(ClassNameFilter.includeClassNamePatterns(".*Expectation.*")), selectPackage(FIXTURES))));
        assertEquals(Set.of(), experiments(discover(filters(ClassNameFilter.includeClassNamePatterns(".*Test")), selectClass(QuadraticTrainable.class))));
    }

    @Test
    void packageNameFiltersApply() {
        assertEquals(names(QuadraticTrainable.class, EarlyStoppedTrainable.class, AshaFullRunTrainable.class),
                experiments(discover(filters(PackageNameFilter.excludePackageNames(FIXTURES + ".expect", FIXTURES + ".failure")), selectPackage(FIXTURES))));
    }

    @Test
    void tagFiltersSeeTheTagsOfTheClass() {
        EngineDiscoveryResults included = EngineTestKit.engine(Constants.ENGINE_ID).selectors(selectPackage(FIXTURES))
                .filters(TagFilter.includeTags("quick")).discover();
        EngineDiscoveryResults excluded = EngineTestKit.engine(Constants.ENGINE_ID).selectors(selectPackage(FIXTURES))
                .filters(TagFilter.excludeTags("quick")).discover();

        assertEquals(names(QuadraticTrainable.class), experiments(included));
        Set<String> untagged = new HashSet<>(ALL_FIXTURES);
        untagged.remove(QuadraticTrainable.class.getName());
        assertEquals(untagged, experiments(excluded));
    }

    private static Filter<?>[] filters(Filter<?>... filters) {
        return filters;
    }

    private static EngineDiscoveryResults discover(DiscoverySelector selector) {
        return EngineTestKit.engine(Constants.ENGINE_ID).selectors(selector).discover();
    }

    private static EngineDiscoveryResults discover(Filter<?>[] filters, DiscoverySelector selector) {
        return EngineTestKit.engine(Constants.ENGINE_ID).selectors(selector).filters(filters).discover();
    }

    private static Set<String> experiments(EngineDiscoveryResults results) {
        return results.getEngineDescriptor().getChildren().stream()
                .map(child -> ((TrainableClassDescriptor) child).trainableClass().getName())
                .collect(Collectors.toSet());
    }

    private static Set<String> names(Class<?>... classes) {
        return Set.of(classes).stream().map(Class::getName).collect(Collectors.toSet());
    }
}
