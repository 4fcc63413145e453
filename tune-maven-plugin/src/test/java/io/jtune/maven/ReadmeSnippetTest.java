package io.jtune.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * README's "Use jtune in your project" pom.xml is the one the {@code first-project} IT builds: the
 * IT's pom, with the version invoker fills in, equals README's block character for character.
 */
class ReadmeSnippetTest {
    private static final Pattern XML_BLOCK = Pattern.compile("```xml\\n(.*?)```", Pattern.DOTALL);

    @Test
    void readmesFirstProjectPomIsTheOneTheItBuilds() throws IOException {
        Path module = Path.of(System.getProperty("basedir", "")).toAbsolutePath();
        String version = System.getProperty("jtune.version");
        assertNotNull(version, "the surefire configuration of this module passes jtune.version");
        String itPom = Files.readString(module.resolve("src/it/first-project/pom.xml")).replace("@project.version@", version);

        assertEquals(itPom, firstProjectBlock(Files.readString(module.resolve("../README.md"))),
                "README's pom.xml and src/it/first-project/pom.xml differ: change both");
    }

    private static String firstProjectBlock(String readme) {
        Matcher block = XML_BLOCK.matcher(readme);
        while (block.find()) {
            if (block.group(1).contains("<artifactId>my-tuning</artifactId>")) {
                return block.group(1);
            }
        }
        throw new AssertionError("README has no ```xml block with <artifactId>my-tuning</artifactId>");
    }
}
