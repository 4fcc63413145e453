package io.jtune.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrainableDiscoveryTest {

    @TempDir
    Path tmp;

    @Test
    void readsTheIndexWhenTheFolderHasOne() throws IOException {
        Path classes = tmp.resolve("classes");
        write(classes.resolve(TrainableDiscovery.INDEX), "# written by the jtune processor\ncom.acme.B\n\n  com.acme.A  \n");
        TrainableDiscovery.Found found = TrainableDiscovery.in(List.of(classes));
        assertEquals(List.of("com.acme.A", "com.acme.B"), found.classNames());
        assertTrue(found.sources().get(0).startsWith("index "), found.sources().toString());
    }

    @Test
    void scansTheClassFilesWhenTheFolderHasNoIndex() throws IOException {
        Path testClasses = tmp.resolve("test-classes");
        compile(testClasses,
                source("io.jtune.api.Trainable", "package io.jtune.api; import java.lang.annotation.*;"
                        + " @Retention(RetentionPolicy.RUNTIME) @Target(ElementType.TYPE) public @interface Trainable {}"),
                source("com.acme.Tuned", "package com.acme; @io.jtune.api.Trainable public class Tuned {"
                        + " @io.jtune.api.Trainable static class Inner {} }"),
                source("com.acme.AbstractTuned", "package com.acme; @io.jtune.api.Trainable public abstract class AbstractTuned {}"),
                source("com.acme.Plain", "package com.acme; public class Plain {}"));
        // the annotation type lives elsewhere in a real project (tune-api.jar): only the users of it are found
        Files.delete(testClasses.resolve("io/jtune/api/Trainable.class"));

        TrainableDiscovery.Found found = TrainableDiscovery.in(List.of(testClasses));
        assertEquals(List.of("com.acme.Tuned", "com.acme.Tuned$Inner"), found.classNames());
        assertTrue(found.sources().get(0).startsWith("class files in "), found.sources().toString());
    }

    @Test
    void mergesFoldersAndSkipsMissingOnes() throws IOException {
        Path classes = tmp.resolve("classes");
        Path testClasses = tmp.resolve("test-classes");
        write(classes.resolve(TrainableDiscovery.INDEX), "com.acme.Main\ncom.acme.Shared\n");
        write(testClasses.resolve(TrainableDiscovery.INDEX), "com.acme.Shared\ncom.acme.InTests\n");
        TrainableDiscovery.Found found = TrainableDiscovery.in(List.of(classes, testClasses, tmp.resolve("absent")));
        assertEquals(List.of("com.acme.InTests", "com.acme.Main", "com.acme.Shared"), found.classNames());
        assertEquals(2, found.sources().size());
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    private Path source(String className, String code) throws IOException {
        Path file = tmp.resolve("src").resolve(className.replace('.', '/') + ".java");
        write(file, code);
        return file;
    }

    private static void compile(Path out, Path... sources) throws IOException {
        Files.createDirectories(out);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        List<String> args = new ArrayList<>(List.of("-proc:none", "-d", out.toString()));
        for (Path s : sources) {
            args.add(s.toString());
        }
        assertEquals(0, javac.run(null, null, null, args.toArray(String[]::new)), "fixture compiles");
    }
}
