package io.jtune.junit.descriptor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.junit.Constants;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.commons.PreconditionViolationException;
import org.junit.platform.engine.ConfigurationParameters;

class EngineConfigurationTest {

    @TempDir
    Path project;

    @Test
    void unsetParametersLeaveTheClassInChargeAndStoreUnderTarget() throws Exception {
        Files.writeString(project.resolve("pom.xml"), "<project/>");

        EngineConfiguration configuration = EngineConfiguration.from(parameters(Map.of()), project);

        assertEquals(new EngineConfiguration(OptionalInt.empty(), OptionalLong.empty(), project.resolve("target/jtune"), OptionalInt.empty(), false,
                Optional.empty()),
                configuration);
    }

    @Test
    void aGradleProjectStoresUnderBuild() throws Exception {
        Files.writeString(project.resolve("build.gradle.kts"), "");

        assertEquals(project.resolve("build/jtune"), EngineConfiguration.from(parameters(Map.of()), project).storage());
    }

    @Test
    void everyParameterIsRead() {
        EngineConfiguration configuration = EngineConfiguration.from(parameters(Map.of(Constants.SAMPLES_PROPERTY_NAME, "5",
                Constants.SEED_PROPERTY_NAME, "-3", Constants.STORAGE_PROPERTY_NAME, "out/tuning", Constants.MAX_CONCURRENT_PROPERTY_NAME, "2",
                Constants.PROGRESS_PROPERTY_NAME, "TRUE")), project);

        assertEquals(OptionalInt.of(5), configuration.samples());
        assertEquals(OptionalLong.of(-3), configuration.seed());
        assertEquals(Path.of("out/tuning").toAbsolutePath(), configuration.storage());
        assertEquals(OptionalInt.of(2), configuration.maxConcurrent());
        assertTrue(configuration.progress());
    }

    @Test
    void malformedValuesNameTheKeyTheValueAndWhatIsExpected() {
        assertEquals("configuration parameter jtune.maxConcurrent='0' is not a positive integer: fix it in junit-platform.properties, "
                        + "the -Djtune.maxConcurrent system property or the launcher's configuration parameters",
                assertThrows(PreconditionViolationException.class,
                        () -> EngineConfiguration.from(parameters(Map.of(Constants.MAX_CONCURRENT_PROPERTY_NAME, "0")), project)).getMessage());
        assertTrue(assertThrows(PreconditionViolationException.class,
                () -> EngineConfiguration.from(parameters(Map.of(Constants.PROGRESS_PROPERTY_NAME, "yes")), project)).getMessage()
                .startsWith("configuration parameter jtune.progress='yes' is not true or false"));
        assertFalse(EngineConfiguration.from(parameters(Map.of(Constants.PROGRESS_PROPERTY_NAME, "false")), project).progress());
        assertEquals("configuration parameter jtune.executor='vm' names no executor: use one of threads (trials on threads of this JVM), process "
                        + "(each trial in a worker JVM); fix it in junit-platform.properties, the -Djtune.executor system property or the launcher's configuration parameters",
                assertThrows(PreconditionViolationException.class,
                        () -> EngineConfiguration.from(parameters(Map.of(Constants.EXECUTOR_PROPERTY_NAME, "vm")), project)).getMessage());
    }

    private static ConfigurationParameters parameters(Map<String, String> values) {
        return new ConfigurationParameters() {
            @Override
            public Optional<String> get(String key) {
                return Optional.ofNullable(values.get(key));
            }

            @Override
            public Optional<Boolean> getBoolean(String key) {
                return get(key).map(Boolean::parseBoolean);
            }

            @Override
            @SuppressWarnings("deprecation")
            public int size() {
                return values.size();
            }

            @Override
            public Set<String> keySet() {
                return values.keySet();
            }
        };
    }
}
