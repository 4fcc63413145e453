package io.jtune.engine.schedule;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Asha;
import io.jtune.api.Config;
import io.jtune.api.HyperBand;
import io.jtune.api.MedianStopping;
import io.jtune.api.Mode;
import io.jtune.api.Pbt;
import io.jtune.api.Result;
import io.jtune.api.SchedulerAnnotation;
import io.jtune.api.TrialStatus;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.spi.AnnotationFactory;
import io.jtune.api.spi.TrialScheduler.Decision;
import io.jtune.api.spi.TrialScheduler;
import io.jtune.engine.TestTrialView;
import java.lang.annotation.Annotation;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SchedulerFactoriesTest {

    @Asha
    @HyperBand
    @MedianStopping
    @Pbt(mutations = "lr")
    static final class Defaults {
    }

    @HyperBand(forBohb = true, maxT = 27)
    @Pbt(timeAttr = Result.TRAINING_ITERATION, perturbationInterval = 1, mutations = "lr", resampleProbability = 0, perturbationFactors = 2.0,
            explore = CapAtOne.class, logConfig = false)
    static final class Custom {
    }

    /** Caps lr at 1. */
    public static final class CapAtOne implements Pbt.Explore {
        @Override
        public Config explore(Config config) {
            return config.getDouble("lr") > 1 ? config.with("lr", 1.0) : config;
        }
    }

    /** Has no public no-arg constructor. */
    public static final class NoConstructor implements Pbt.Explore {
        public NoConstructor(int ignored) {
        }

        @Override
        public Config explore(Config config) {
            return config;
        }
    }

    @Pbt(mutations = "lr", explore = NoConstructor.class)
    static final class BadExplore {
    }

    @TempDir
    Path dir;

    /** Builds the scheduler the way the annotation reader does: through the factory the meta-annotation names. */
    @SuppressWarnings("unchecked")
    private static <A extends Annotation> TrialScheduler create(Class<?> type, Class<A> annotationType) throws Exception {
        A annotation = type.getAnnotation(annotationType);
        SchedulerAnnotation meta = annotationType.getAnnotation(SchedulerAnnotation.class);
        assertTrue(meta.needsMetric(), annotationType + " needs a metric");
        AnnotationFactory<A, TrialScheduler> factory = (AnnotationFactory<A, TrialScheduler>) Class.forName(meta.factory()).getConstructor().newInstance();
        return factory.create(annotation);
    }

    @Test
    void everyAnnotationNamesAFactoryThatBuildsItsSchedulerWithRaysDefaults() throws Exception {
        AsyncHyperBandScheduler asha = (AsyncHyperBandScheduler) create(Defaults.class, Asha.class);
        asha.setup(FakeRunner.experiment("acc", Mode.MAX, 1));
        assertArrayEquals(new double[] {64, 16, 4, 1}, asha.bracket(0).milestones());

        HyperBandScheduler hb = (HyperBandScheduler) create(Defaults.class, HyperBand.class);
        assertEquals(HyperBandScheduler.class, hb.getClass());
        assertEquals(81, hb.bracketSize(4));
        assertEquals(1, hb.bracketBudget(4));

        assertInstanceOf(MedianStoppingRule.class, create(Defaults.class, MedianStopping.class));
        assertInstanceOf(PopulationBasedTraining.class, create(Defaults.class, Pbt.class));
    }

    @Test
    void medianStoppingDefaultsToASixtySecondGracePeriodOnTimeTotal() throws Exception {
        TrialScheduler rule = create(Defaults.class, MedianStopping.class);
        rule.setup(FakeRunner.experiment("acc", Mode.MAX, 1));
        FakeRunner runner = new FakeRunner(rule);
        TestTrialView a = runner.add("a");
        runner.add("waiting");
        assertEquals(Decision.CONTINUE, runner.report(a, "acc", 1, 59), "59 s is inside the grace period");
        assertEquals(Decision.PAUSE, runner.report(a, "acc", 1, 60), "too few samples at 60 s, and a trial waits");
    }

    @Test
    void bohbVariantAndPbtParametersComeFromTheAnnotation() throws Exception {
        assertEquals(HyperBandForBohb.class, create(Custom.class, HyperBand.class).getClass());

        TrialScheduler pbt = create(Custom.class, Pbt.class);
        pbt.setup(FakeRunner.experiment("acc", Mode.MAX, 1, SearchSpace.builder().uniform("lr", 0, 1).build(), dir));
        FakeRunner runner = new FakeRunner(pbt);
        for (int i = 0; i < 4; i++) {
            TestTrialView t = new TestTrialView("t" + i, Config.of(Map.of("lr", 0.6)));
            t.status = TrialStatus.RUNNING;
            runner.add(t);
        }
        for (int time = 1; time <= 2; time++) {
            for (int i = 0; i < 4; i++) {
                runner.trials.get(i).status = TrialStatus.RUNNING;
                runner.report(runner.trials.get(i), "acc", 4 - i, time);
            }
        }
        assertEquals(Config.of(Map.of("lr", 1.0)), runner.exploits.get(0).config(), "0.6 * 2 capped by the explore class");
    }

    @Test
    void anExploreClassThatCannotBeCreatedIsNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> create(BadExplore.class, Pbt.class));
        assertEquals("@Pbt(explore = " + NoConstructor.class.getName() + ".class) has no public no-arg constructor; add one (and make a nested class static)", e.getMessage());
    }
}
