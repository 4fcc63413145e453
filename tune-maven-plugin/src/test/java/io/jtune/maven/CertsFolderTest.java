package io.jtune.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class CertsFolderTest {
    private static final Path PROJECT = Path.of("/work/project");
    private static final Path HOME = Path.of("/home/ada");

    @Test
    void aLeadingTildeAsTuneHelpShowsItIsTheHomeFolder() {
        assertEquals(Path.of("/home/ada/.jtune/certs"), CertsFolder.resolve("~/.jtune/certs", PROJECT, HOME));
        assertEquals(HOME, CertsFolder.resolve("~", PROJECT, HOME));
    }

    @Test
    void relativeFoldersAreTheProjectsAndAbsoluteOnesStay() {
        assertEquals(Path.of("/work/project/target/tls"), CertsFolder.resolve("target/tls", PROJECT, HOME));
        assertEquals(Path.of("/srv/certs"), CertsFolder.resolve("/srv/certs", PROJECT, HOME));
        assertEquals(Path.of("/work/project/a~b"), CertsFolder.resolve("a~b", PROJECT, HOME), "a ~ inside a name is a plain character");
    }
}
