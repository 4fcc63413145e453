package io.jtune.engine.search.tpe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Motpe;
import io.jtune.api.Tpe;
import io.jtune.api.TpePreset;
import org.junit.jupiter.api.Test;

/** {@code preset} picks the TPE the other annotation attributes adjust: Optuna 3.1's exactly (the default) or with true-density kernels. */
class TpePresetTest {

    @Tpe
    static final class Plain {
    }

    @Tpe(preset = TpePreset.OPTUNA)
    static final class Optuna {
    }

    @Tpe(preset = TpePreset.JTUNE)
    static final class TrueDensities {
    }

    @Motpe
    static final class PlainMotpe {
    }

    @Tpe(preset = TpePreset.OPTUNA, considerPrior = false, multivariate = true)
    static final class OptunaAdjusted {
    }

    @Motpe(preset = TpePreset.OPTUNA)
    static final class OptunaMotpe {
    }

    @Test
    void tpeAnnotationGivesOptunasTpeUnlessAskedForTrueDensities() {
        assertEquals(TpeSettings.optuna(), tpe(Plain.class));
        assertEquals(TpeSettings.defaults(), tpe(Plain.class));
        assertFalse(tpe(Plain.class).normalizedKernels());
        assertEquals(TpeSettings.optuna(), tpe(Optuna.class));
        assertEquals(TpeSettings.trueDensities(), tpe(TrueDensities.class));
        assertEquals(TpeSettings.optuna().withConsiderPrior(false).withMultivariate(true), tpe(OptunaAdjusted.class));
    }

    @Test
    void presetsDifferInTheNamedOptionsAlone() {
        assertFalse(TpeSettings.optuna().normalizedKernels());
        assertEquals(TpeSettings.trueDensities(), TpeSettings.optuna().withNormalizedKernels(true));
        assertTrue(TpeSettings.optunaMotpe().considerEndpoints());
        assertEquals(TpeSettings.optuna(), TpeSettings.optunaMotpe().withConsiderEndpoints(false));
    }

    @Test
    void motpeAnnotationGivesTrueDensitiesOrMotpeSamplersPreset() {
        MotpeSearch s = (MotpeSearch) new MotpeFactory().create(OptunaMotpe.class.getAnnotation(Motpe.class));
        assertEquals(TpeSettings.optunaMotpe(), s.settings());
        assertEquals(TpeSettings.trueDensities(), ((MotpeSearch) new MotpeFactory().create(PlainMotpe.class.getAnnotation(Motpe.class))).settings());
        assertEquals(TpeSettings.trueDensities(), new MotpeSearch().settings());
    }

    private static TpeSettings tpe(Class<?> type) {
        return ((TpeSearch) new TpeFactory().create(type.getAnnotation(Tpe.class))).settings();
    }
}
