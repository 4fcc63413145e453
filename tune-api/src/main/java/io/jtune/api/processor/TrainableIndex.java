package io.jtune.api.processor;

import io.jtune.api.Trainable;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.file.NoSuchFileException;
import java.util.Set;
import java.util.TreeSet;
import javax.annotation.processing.Filer;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * The index {@code META-INF/jtune/trainables}: binary names of {@code @Trainable} classes, one a
 * line, sorted. Names from an earlier build are kept while their class still exists and is still
 * annotated, so an incremental build that compiles only some classes loses none.
 */
final class TrainableIndex {
    /** Where the index lives in the class output. */
    static final String PATH = "META-INF/jtune/trainables";

    private final Filer filer;
    private final Elements elements;

    TrainableIndex(Filer filer, Elements elements) {
        this.filer = filer;
        this.elements = elements;
    }

    /** Writes the fresh names merged with the still valid earlier ones; writes nothing when there are none. */
    void write(Set<String> fresh) throws IOException {
        Set<String> names = new TreeSet<>(fresh);
        for (String old : previous()) {
            TypeElement te = elements.getTypeElement(old.replace('$', '.'));
            if (te != null && te.getAnnotation(Trainable.class) != null) {
                names.add(old);
            }
        }
        if (names.isEmpty()) {
            return;
        }
        FileObject file = filer.createResource(StandardLocation.CLASS_OUTPUT, "", PATH);
        try (Writer w = file.openWriter()) {
            for (String name : names) {
                w.write(name);
                w.write('\n');
            }
        }
    }

    private Set<String> previous() throws IOException {
        Set<String> names = new TreeSet<>();
        try (Reader r = filer.getResource(StandardLocation.CLASS_OUTPUT, "", PATH).openReader(true);
             BufferedReader lines = new BufferedReader(r)) {
            lines.lines().map(String::trim).filter(l -> !l.isEmpty() && !l.startsWith("#")).forEach(names::add);
        } catch (NoSuchFileException | java.io.FileNotFoundException | IllegalArgumentException e) {
            // no earlier index
        }
        return names;
    }
}
