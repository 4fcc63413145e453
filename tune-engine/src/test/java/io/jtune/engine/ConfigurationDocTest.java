package io.jtune.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jtune.api.ConfigurationKeys;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** docs/configuration.md lists exactly the keys {@link ConfigurationKeys} defines, one table row each. */
class ConfigurationDocTest {
    private static final Pattern ROW = Pattern.compile("^\\|\\s*`(jtune\\.[A-Za-z.]+)`\\s*\\|", Pattern.MULTILINE);

    @Test
    void everyKeyIsDocumentedAndEveryDocumentedKeyExists() throws IOException {
        String doc = Files.readString(Path.of("..", "docs", "configuration.md"));
        Set<String> documented = new TreeSet<>();
        Matcher m = ROW.matcher(doc);
        while (m.find()) {
            documented.add(m.group(1));
        }
        assertEquals(new TreeSet<>(ConfigurationKeys.ALL), documented, "docs/configuration.md against ConfigurationKeys.ALL");
    }
}
