package io.jtune.engine.annotated;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Trainable;
import java.io.ByteArrayOutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompileTimeCheckTest {

    private static final String SOURCE = """
            package com.example;
            @io.jtune.api.Trainable
            public class Unchecked {
                @io.jtune.api.Step public double step() { return 1; }
            }
            """;

    @TempDir
    Path dir;

    @Test
    void aClassCompiledWithoutTheProcessorGetsAWarningNamingItAndTheFix() throws Exception {
        Path classes = compileWithoutProcessor();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, getClass().getClassLoader())) {
            Optional<String> warning = CompileTimeCheck.warning(loader.loadClass("com.example.Unchecked"));

            assertTrue(warning.isPresent(), "a class missing from the processor's index must be reported");
            assertTrue(warning.get().startsWith("com.example.Unchecked was not checked at compile time"), warning.get());
            assertTrue(warning.get().contains("<annotationProcessorPaths>"), warning.get());
        }
    }

    @Test
    void aClassTheProcessorListedInItsIndexGetsNoWarning() throws Exception {
        Path classes = compileWithoutProcessor();
        Path index = classes.resolve(CompileTimeCheck.INDEX);
        Files.createDirectories(index.getParent());
        Files.writeString(index, "com.example.Other\ncom.example.Unchecked\n");
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, getClass().getClassLoader())) {
            assertEquals(Optional.empty(), CompileTimeCheck.warning(loader.loadClass("com.example.Unchecked")));
        }
    }

    private Path compileWithoutProcessor() throws Exception {
        Path source = Files.createDirectories(dir.resolve("src/com/example")).resolve("Unchecked.java");
        Files.writeString(source, SOURCE);
        Path classes = Files.createDirectories(dir.resolve("classes"));
        String apiClasses = Path.of(Trainable.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
        int status = ToolProvider.getSystemJavaCompiler().run(null, diagnostics, diagnostics,
                "-proc:none", "-d", classes.toString(), "-classpath", apiClasses, source.toString());
        assertEquals(0, status, () -> diagnostics.toString(StandardCharsets.UTF_8));
        return classes;
    }
}
