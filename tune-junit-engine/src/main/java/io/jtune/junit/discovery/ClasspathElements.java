package io.jtune.junit.discovery;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/** One comparable key per classpath element, whether ClassGraph names it by path, URL or URI. */
final class ClasspathElements {

    private ClasspathElements() {
    }

    static String key(String element) {
        try {
            return Path.of(element).toAbsolutePath().normalize().toString();
        } catch (InvalidPathException e) {
            return element;
        }
    }

    static String key(URL element) {
        try {
            return key(element.toURI());
        } catch (URISyntaxException e) {
            return element.toString();
        }
    }

    static String key(URI element) {
        if (element == null) {
            return "";
        }
        if ("file".equals(element.getScheme())) {
            return Path.of(element).toAbsolutePath().normalize().toString();
        }
        return element.toString();
    }
}
