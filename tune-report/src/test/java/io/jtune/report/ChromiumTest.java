package io.jtune.report;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A test in headless Chromium: skipped only where Chromium is not installed (.ci/run installs it), bounded in time. */
@Timeout(180)
abstract class ChromiumTest {
    static final Path SCREENSHOTS = Path.of("target", "screenshots");

    @TempDir
    Path storage;

    @BeforeAll
    static void chromiumIsInstalled() {
        HeadlessChromium.assumeInstalled();
    }

    /** A fresh browser with its own profile folder. */
    HeadlessChromium chromium() throws Exception {
        return new HeadlessChromium(HeadlessChromium.find().orElseThrow(), Files.createTempDirectory(storage, "profile"));
    }
}
