package io.jtune.maven;

import java.nio.file.Path;

/**
 * The folder {@code tune:certs} writes into, from the text of {@code jtune.certs.out}: a leading
 * {@code ~} is the user's home folder (the shell leaves {@code ~} inside {@code -D...} as it is),
 * a relative path is relative to the project's folder.
 */
final class CertsFolder {
    private CertsFolder() {
    }

    static Path resolve(String text, Path projectDir, Path home) {
        String path = text.strip();
        if (path.equals("~")) {
            return home;
        }
        if (path.startsWith("~/") || path.startsWith("~" + java.io.File.separator)) {
            return home.resolve(path.substring(2));
        }
        return projectDir.resolve(path);
    }
}
