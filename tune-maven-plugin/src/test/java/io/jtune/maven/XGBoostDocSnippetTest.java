package io.jtune.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/xgboost.md's project is the one the {@code xgboost-project} IT builds: README's pom (the
 * {@code first-project} IT's) plus the {@code tune-xgboost} dependency, and the page's
 * {@code com.example} classes character for character.
 */
class XGBoostDocSnippetTest {
    private static final Pattern JAVA_BLOCK = Pattern.compile("```java\\n(package com\\.example;.*?\\n})\\n```", Pattern.DOTALL);
    private static final Pattern CLASS_NAME = Pattern.compile("public class (\\w+)");
    private static final String TUNE_API = """
                <artifactId>tune-api</artifactId>
                </dependency>
            """;
    private static final String TUNE_XGBOOST = """
                <dependency>
                  <groupId>io.jtune</groupId>
                  <artifactId>tune-xgboost</artifactId>
                </dependency>
            """;

    private final Path module = Path.of(System.getProperty("basedir", "")).toAbsolutePath();
    private final Path project = module.resolve("src/it/xgboost-project");

    @Test
    void thePomIsReadmesPlusTuneXgboost() throws IOException {
        String readmePom = Files.readString(module.resolve("src/it/first-project/pom.xml"));
        assertEquals(readmePom.replace(TUNE_API, TUNE_API + TUNE_XGBOOST), Files.readString(project.resolve("pom.xml")),
                "src/it/xgboost-project/pom.xml is README's pom (src/it/first-project/pom.xml) with tune-xgboost after tune-api");
    }

    @Test
    void theClassesAreThePagesExamples() throws IOException {
        Map<String, String> examples = new LinkedHashMap<>();
        Matcher block = JAVA_BLOCK.matcher(Files.readString(module.resolve("../docs/xgboost.md")));
        while (block.find()) {
            Matcher name = CLASS_NAME.matcher(block.group(1));
            examples.put(name.find() ? name.group(1) : "(no public class)", block.group(1) + "\n");
        }
        assertEquals(Map.of("ChurnModel", source("main", "ChurnModel"), "ChurnModelTuningTest", source("test", "ChurnModelTuningTest")), examples,
                "docs/xgboost.md's com.example classes and those of src/it/xgboost-project differ: change both");
    }

    private String source(String scope, String name) throws IOException {
        return Files.readString(project.resolve("src/" + scope + "/java/com/example/" + name + ".java"));
    }
}
