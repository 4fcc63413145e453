package io.jtune.engine.annotated;

import io.jtune.api.Trainable;
import io.jtune.api.TuneException;
import io.jtune.engine.log.LazyLogger;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * {@code @Trainable} classes by name (Ray Tune's {@code register_trainable}): the name given in
 * {@code @Trainable(name = ...)} or else the simple class name; the binary class name always
 * works too. Filled by {@link #register} and from the processor's index
 * ({@value #INDEX}) on a class path. Thread-safe.
 */
public final class TrainableRegistry {
    /** The index the annotation processor writes: one binary class name a line. */
    public static final String INDEX = "META-INF/jtune/trainables";
    private static final LazyLogger LOG = new LazyLogger(TrainableRegistry.class);

    private final Map<String, Set<Class<?>>> byName = new ConcurrentHashMap<>();

    /** The name a class is registered under. */
    public static String nameOf(Class<?> c) {
        Trainable t = c.getAnnotation(Trainable.class);
        return t == null || t.name().isEmpty() ? c.getSimpleName() : t.name();
    }

    /** Registers an annotated class under its name and its binary name. */
    public void register(Class<?> c) {
        if (!c.isAnnotationPresent(Trainable.class)) {
            throw new TuneException(c.getName() + " is not annotated with @io.jtune.api.Trainable, so it cannot be registered by name");
        }
        for (String name : List.of(nameOf(c), c.getName())) {
            byName.computeIfAbsent(name, k -> Collections.synchronizedSet(new LinkedHashSet<>())).add(c);
        }
    }

    /**
     * Registers every class listed in the indexes {@code loader} sees; returns those classes.
     * Listed classes that are gone or no longer annotated are skipped.
     */
    public List<Class<?>> loadIndex(ClassLoader loader) {
        List<Class<?>> found = new ArrayList<>();
        try {
            Enumeration<URL> indexes = loader.getResources(INDEX);
            while (indexes.hasMoreElements()) {
                URL index = indexes.nextElement();
                for (String name : names(index)) {
                    load(name, loader, index).ifPresent(found::add);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + INDEX + " from the class path", e);
        }
        found.forEach(this::register);
        return found;
    }

    private static List<String> names(URL index) throws IOException {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(index.openStream(), StandardCharsets.UTF_8))) {
            return r.lines().map(String::trim).filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
        }
    }

    private static Optional<Class<?>> load(String name, ClassLoader loader, URL index) {
        try {
            Class<?> c = Class.forName(name, false, loader);
            return c.isAnnotationPresent(Trainable.class) ? Optional.of(c) : Optional.empty();
        } catch (ClassNotFoundException | LinkageError e) {
            LOG.get().debug("{} lists {}, which cannot be loaded: {}", index, name, e.toString());
            return Optional.empty();
        }
    }

    /** The class registered under this name; a TuneException when the name is ambiguous. */
    public Optional<Class<?>> find(String name) {
        Set<Class<?>> classes = byName.get(name);
        if (classes == null || classes.isEmpty()) {
            return Optional.empty();
        }
        synchronized (classes) {
            if (classes.size() > 1) {
                throw new TuneException("trainable name '" + name + "' is used by " + classes.stream().map(Class::getName).sorted().collect(Collectors.joining(" and "))
                        + ": run one by its class name or give each its own @Trainable(name = ...)");
            }
            return Optional.of(classes.iterator().next());
        }
    }

    /** Every registered name, sorted (binary class names included). */
    public Set<String> names() {
        return new TreeSet<>(byName.keySet());
    }
}
