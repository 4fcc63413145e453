package io.jtune.junit.discovery;

import io.github.classgraph.ClassGraph;
import io.github.classgraph.ModuleRef;
import java.net.URI;
import java.nio.file.Path;

/**
 * Where a container selector asks the engine to look: a package (with its sub-packages), one
 * classpath root, or one module of the boot layer.
 */
record ScanScope(String description, String packageName, Path classpathRoot, String moduleName) {

    static ScanScope ofPackage(String packageName) {
        return new ScanScope("package '" + packageName + "'", packageName, null, null);
    }

    static ScanScope ofClasspathRoot(URI root) {
        Path path = Path.of(root).toAbsolutePath().normalize();
        return new ScanScope("classpath root " + path, "", path, null);
    }

    static ScanScope ofModule(String moduleName) {
        return new ScanScope("module " + moduleName, "", null, moduleName);
    }

    /**
     * Restricts a scan to this scope's classpath elements and modules; {@code classes} also
     * restricts it to the package (the index pass reads resources outside the package).
     */
    ClassGraph restrict(ClassGraph graph, boolean classes) {
        if (moduleName != null) {
            graph.acceptModules(moduleName).disableDirScanning().disableJarScanning();
        }
        if (classpathRoot != null) {
            graph.filterClasspathElements(element -> ClasspathElements.key(element).equals(classpathRoot.toString()));
        }
        if (classes && !packageName.isEmpty()) {
            graph.acceptPackages(packageName);
        }
        return graph;
    }

    boolean containsClassName(String className) {
        return packageName.isEmpty() || className.startsWith(packageName + ".");
    }

    /** A module scope takes its classes from that module only; other scopes take them from anywhere scanned. */
    boolean containsModule(ModuleRef module) {
        return moduleName == null || (module != null && moduleName.equals(module.getName()));
    }
}
