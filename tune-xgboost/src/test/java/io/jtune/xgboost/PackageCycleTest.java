package io.jtune.xgboost;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The packages of io.jtune.xgboost form a DAG; a cycle fails the build, naming the classes on each side. */
class PackageCycleTest {

    @Test
    void packagesHaveNoCycles() {
        slices().matching("io.jtune.(**)").should().beFreeOfCycles()
                .check(new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("io.jtune.xgboost"));
    }
}
