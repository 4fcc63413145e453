package io.jtune.junit.discovery;

import static org.junit.platform.engine.support.discovery.SelectorResolver.Resolution.unresolved;

import io.jtune.api.validation.Problem;
import io.jtune.api.validation.ReflectiveMethodModel;
import io.jtune.api.validation.ReflectiveTypeModel;
import io.jtune.engine.annotated.AnnotatedTrainables;
import io.jtune.junit.descriptor.TrainableClassDescriptor;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.Tag;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.ReflectionSupport;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.TestTag;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.discovery.ClassSelector;
import org.junit.platform.engine.discovery.ClasspathRootSelector;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.engine.discovery.ModuleSelector;
import org.junit.platform.engine.discovery.PackageSelector;
import org.junit.platform.engine.discovery.UniqueIdSelector;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.engine.support.discovery.EngineDiscoveryRequestResolver.InitializationContext;
import org.junit.platform.engine.support.discovery.SelectorResolver;

/**
 * Resolves selectors to experiment containers. A class selector of a {@code @Trainable} class
 * becomes its container; package, classpath-root and module selectors are scanned (by
 * {@link TrainableScanner}) into class selectors; a unique id naming an experiment, or one of its
 * trials, selects the whole experiment (trial ids differ from run to run). JUnit's class-name and
 * package filters apply to every class. A class that breaks a rule of {@code @Trainable} classes
 * (the rules the annotation processor checks, run here over reflection) is left out and each of
 * its problems reported as an error-level discovery issue, with the rule's own message.
 */
public final class TrainableSelectorResolver implements SelectorResolver {

    private final UniqueId engineId;
    private final Predicate<String> classNameFilter;
    private final DiscoveryProblems issues;
    private final TrainableScanner scanner;

    public TrainableSelectorResolver(InitializationContext<?> context, DiscoveryProblems issues) {
        this.engineId = context.getEngineDescriptor().getUniqueId();
        this.classNameFilter = context.getClassNameFilter();
        this.issues = issues;
        this.scanner = new TrainableScanner(issues);
    }

    @Override
    public Resolution resolve(ClassSelector selector, Context context) {
        Class<?> candidate = selector.getJavaClass();
        if (!AnnotatedTrainables.isAnnotated(candidate) || !classNameFilter.test(candidate.getName())) {
            return unresolved();
        }
        List<Problem> problems = ReflectiveTypeModel.problems(candidate);
        if (!problems.isEmpty()) {
            problems.forEach(problem -> issues.error("invalid @Trainable class " + candidate.getName() + ": " + problem.message(),
                    sourceOf(problem, candidate), null));
            return unresolved();
        }
        return context.addToParent(parent -> Optional.of(new TrainableClassDescriptor(
                        parent.getUniqueId().append(TrainableClassDescriptor.SEGMENT_TYPE, candidate.getName()), candidate, tags(candidate))))
                .map(descriptor -> Resolution.match(Match.exact(descriptor)))
                .orElse(unresolved());
    }

    @Override
    public Resolution resolve(PackageSelector selector, Context context) {
        return scan(ScanScope.ofPackage(selector.getPackageName()));
    }

    @Override
    public Resolution resolve(ClasspathRootSelector selector, Context context) {
        return scan(ScanScope.ofClasspathRoot(selector.getClasspathRoot()));
    }

    @Override
    public Resolution resolve(ModuleSelector selector, Context context) {
        return scan(ScanScope.ofModule(selector.getModuleName()));
    }

    @Override
    public Resolution resolve(UniqueIdSelector selector, Context context) {
        List<UniqueId.Segment> segments = selector.getUniqueId().getSegments();
        int depth = engineId.getSegments().size();
        if (!selector.getUniqueId().hasPrefix(engineId) || segments.size() <= depth
                || !TrainableClassDescriptor.SEGMENT_TYPE.equals(segments.get(depth).getType())) {
            return unresolved();
        }
        return Resolution.selectors(Set.of(DiscoverySelectors.selectClass(segments.get(depth).getValue())));
    }

    private Resolution scan(ScanScope scope) {
        Set<DiscoverySelector> selectors = new LinkedHashSet<>();
        for (String name : scanner.find(scope)) {
            if (classNameFilter.test(name)) {
                ReflectionSupport.tryToLoadClass(name)
                        .ifSuccess(loaded -> selectors.add(DiscoverySelectors.selectClass(loaded)))
                        .ifFailure(e -> unloadable(name, scope, e));
            }
        }
        return selectors.isEmpty() ? unresolved() : Resolution.selectors(selectors);
    }

    /** The method a problem is on, else the class (JUnit has no source for a field). */
    private static TestSource sourceOf(Problem problem, Class<?> trainableClass) {
        return problem.where() instanceof ReflectiveMethodModel method ? MethodSource.from(method.method()) : ClassSource.from(trainableClass);
    }

    /** A class the index lists but that is gone is a stale index (a warning); one that is there but fails to load is an error. */
    private void unloadable(String name, ScanScope scope, Exception e) {
        if (e instanceof ClassNotFoundException) {
            issues.warning(TrainableScanner.INDEX_RESOURCE + " in " + scope.description() + " lists " + name
                    + ", which is not on the class path: rebuild (e.g. mvn clean test) so that the index no longer lists it", null, null);
        } else {
            issues.error("@Trainable class " + name + " in " + scope.description() + " cannot be loaded: " + e
                    + "; check that its dependencies are on the test class path", null, e);
        }
    }

    /** The class's valid {@code @Tag} values; an invalid one is reported and left out, as Jupiter does. */
    private Set<TestTag> tags(Class<?> trainableClass) {
        Set<TestTag> tags = new LinkedHashSet<>();
        for (Tag tag : AnnotationSupport.findRepeatableAnnotations(trainableClass, Tag.class)) {
            if (TestTag.isValid(tag.value())) {
                tags.add(TestTag.create(tag.value()));
            } else {
                issues.warning("@Tag(\"" + tag.value() + "\") on " + trainableClass.getName()
                        + " is not a valid tag and is ignored: a tag must not be blank nor contain whitespace, ISO control characters or any of , ( ) & | !",
                        ClassSource.from(trainableClass), null);
            }
        }
        return tags;
    }
}
