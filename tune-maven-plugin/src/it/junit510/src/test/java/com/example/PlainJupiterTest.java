package com.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.platform.commons.annotation.Testable;

class PlainJupiterTest {

    @Test
    void arithmeticStillWorks() {
        assertEquals(4, 2 + 2);
    }

    @Test
    void jtuneLeavesTheProjectsJUnitPlatformVersionAlone() {
        String version = Testable.class.getPackage().getImplementationVersion();
        assertTrue(version.startsWith("1.10."), "junit-platform-commons on the test class path is " + version + ", not the project's 1.10");
    }
}
