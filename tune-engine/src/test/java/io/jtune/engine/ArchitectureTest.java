package io.jtune.engine;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The engine's packages form a DAG in the layers of DESIGN.md: the experiment's settings at the
 * bottom, then the components a run is made of, the runner, what runs a trial elsewhere and reads
 * annotations, and the {@link Tuner} front on top. A violation names the classes on each side.
 */
class ArchitectureTest {
    private static final JavaClasses ENGINE = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.jtune.engine");

    @Test
    void packagesHaveNoCycles() {
        slices().matching("io.jtune.(**)").should().beFreeOfCycles().check(ENGINE);
    }

    @Test
    void layersOnlyLookDown() {
        layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("Base").definedBy("io.jtune.engine.log..", "io.jtune.engine.json..")
                .layer("Settings").definedBy("io.jtune.engine.spec..")
                .layer("Components").definedBy("io.jtune.engine.checkpoint..", "io.jtune.engine.search..", "io.jtune.engine.schedule..",
                        "io.jtune.engine.stop..", "io.jtune.engine.output..", "io.jtune.engine.exec..", "io.jtune.engine.trial..")
                .layer("Runner").definedBy("io.jtune.engine.runner..")
                .layer("Remote and annotations").definedBy("io.jtune.engine.process..", "io.jtune.engine.remote..", "io.jtune.engine.annotated..")
                .layer("Front").definedBy("io.jtune.engine", "io.jtune.engine.launch..", "io.jtune.engine.outcome..")
                .whereLayer("Front").mayNotBeAccessedByAnyLayer()
                .whereLayer("Remote and annotations").mayOnlyBeAccessedByLayers("Front")
                .whereLayer("Runner").mayOnlyBeAccessedByLayers("Front")
                .whereLayer("Components").mayOnlyBeAccessedByLayers("Runner", "Remote and annotations", "Front")
                .whereLayer("Settings").mayOnlyBeAccessedByLayers("Components", "Runner", "Remote and annotations", "Front")
                .check(ENGINE);
    }
}
