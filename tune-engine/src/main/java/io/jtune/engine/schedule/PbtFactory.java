package io.jtune.engine.schedule;

import io.jtune.api.Pbt;
import io.jtune.api.spi.AnnotationFactory;
import io.jtune.api.spi.TrialScheduler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;

/**
 * Builds a {@link PopulationBasedTraining} from {@link Pbt}: each name in {@code mutations} is
 * mutated within its {@code @Param} domain (resolved from the experiment's search space in setup),
 * and {@code explore}, unless it is {@link Pbt.Explore} itself, is instantiated once here.
 */
public final class PbtFactory implements AnnotationFactory<Pbt, TrialScheduler> {
    @Override
    public TrialScheduler create(Pbt a) {
        PopulationBasedTraining.Builder builder = PopulationBasedTraining.builder()
                .timeAttr(a.timeAttr())
                .perturbationInterval(a.perturbationInterval())
                .burnInPeriod(a.burnInPeriod())
                .mutateFromSpace(a.mutations())
                .quantileFraction(a.quantileFraction())
                .resampleProbability(a.resampleProbability())
                .perturbationFactors(a.perturbationFactors())
                .logConfig(a.logConfig())
                .requireAttrs(a.requireAttrs())
                .synch(a.synch());
        if (a.explore() != Pbt.Explore.class) {
            Pbt.Explore explore = instantiate(a.explore());
            builder.customExplore(explore::explore);
        }
        return builder.build();
    }

    private static Pbt.Explore instantiate(Class<? extends Pbt.Explore> type) {
        String problem = "@Pbt(explore = " + type.getName() + ".class) ";
        if (type.isInterface() || Modifier.isAbstract(type.getModifiers())) {
            throw new IllegalArgumentException(problem + "names an interface or abstract class; name a concrete public class with a public no-arg constructor");
        }
        try {
            return type.getConstructor().newInstance();
        } catch (NoSuchMethodException e) {
            throw new IllegalArgumentException(problem + "has no public no-arg constructor; add one (and make a nested class static)", e);
        } catch (InvocationTargetException e) {
            throw new IllegalArgumentException(problem + "could not be created: its constructor threw " + e.getCause(), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException(problem + "could not be created (" + e + "); make the class and its no-arg constructor public", e);
        }
    }
}
