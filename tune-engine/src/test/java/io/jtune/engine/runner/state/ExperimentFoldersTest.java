package io.jtune.engine.runner.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExperimentFoldersTest {

    @TempDir
    Path storage;

    @Test
    void theDefaultStorageIsInsideTheBuildsOutputFolder() throws IOException {
        Path maven = Files.createDirectories(storage.resolve("maven"));
        Files.writeString(maven.resolve("pom.xml"), "<project/>");
        Path gradle = Files.createDirectories(storage.resolve("gradle"));
        Files.writeString(gradle.resolve("build.gradle.kts"), "");
        Path plain = Files.createDirectories(storage.resolve("plain"));

        assertEquals(maven.resolve("target/jtune"), ExperimentFolders.defaultStorage(maven));
        assertEquals(gradle.resolve("build/jtune"), ExperimentFolders.defaultStorage(gradle));
        assertEquals(Path.of(System.getProperty("user.home"), "jtune-results"), ExperimentFolders.defaultStorage(plain));
    }

    @Test
    void aNewNameIsDatedAndSkipsAFolderThatHoldsAnExperimentAlready() throws IOException {
        String first = ExperimentFolders.newName(storage, "Mnist");
        assertTrue(first.matches("Mnist_\\d{4}-\\d\\d-\\d\\d_\\d\\d-\\d\\d-\\d\\d"), first);
        experiment(first);
        String second = ExperimentFolders.newName(storage, "Mnist");
        assertTrue(second.equals(first + "_2") || second.compareTo(first) > 0, () -> first + " then " + second);
    }

    @Test
    void theLatestExperimentIsTheOneThatBeganLastAmongThoseOfThatTrainable() throws IOException {
        experiment("Mnist_2026-01-02_10-00-00");
        experiment("Mnist_2026-01-02_10-00-00_2");
        experiment("Mnist_2026-01-01_23-59-59_3");
        experiment("MnistLarge_2027-01-01_00-00-00");           // another trainable whose name starts alike
        Files.createDirectories(storage.resolve("Mnist_2027-05-05_05-05-05")); // a folder without an experiment
        experiment("Mnist");                                     // not a dated run folder

        assertEquals(Optional.of(storage.resolve("Mnist_2026-01-02_10-00-00_2")), ExperimentFolders.latest(storage, "Mnist"));
        assertEquals(Optional.empty(), ExperimentFolders.latest(storage, "Cifar"));
        assertEquals(Optional.empty(), ExperimentFolders.latest(storage.resolve("missing"), "Mnist"));
    }

    private void experiment(String name) throws IOException {
        Path dir = Files.createDirectories(storage.resolve(name));
        Files.writeString(dir.resolve(ExperimentState.FILE), "{}");
    }
}
