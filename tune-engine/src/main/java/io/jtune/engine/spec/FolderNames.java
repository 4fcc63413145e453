package io.jtune.engine.spec;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * Names that become one folder under the storage folder (trainable and experiment names): a
 * single path segment, so nothing an experiment writes resolves outside its storage folder.
 */
public final class FolderNames {
    private FolderNames() {
    }

    /**
     * Returns {@code name} when it is one folder name: not blank, not {@code .} or {@code ..}, no
     * {@code /} or {@code \}, no control characters.
     *
     * @param what what the name names, for the message ("experiment name", "trainable name")
     * @throws IllegalArgumentException naming the name and what to do
     */
    public static String requireFolderName(String what, String name) {
        if (name == null || !isFolderName(name)) {
            throw new IllegalArgumentException("the " + what + " '" + name + "' is not a single folder name: it becomes a folder under the "
                    + "storage path, so it must not be blank, '.' or '..', nor contain '/', '\\\\' or control characters; use letters, digits, '_', '-' and '.'");
        }
        return name;
    }

    private static boolean hasControlCharacter(String name) {
        for (int i = 0; i < name.length(); i++) {
            if (Character.isISOControl(name.charAt(i))) {
                return true;
            }
        }
        return false;
    }

    /** True when {@code name} is a single folder name (see {@link #requireFolderName}). */
    public static boolean isFolderName(String name) {
        if (name.isBlank() || name.equals(".") || name.equals("..") || name.indexOf('/') >= 0 || name.indexOf('\\') >= 0
                || hasControlCharacter(name)) {
            return false;
        }
        try {
            Path path = Path.of(name);
            return path.getNameCount() == 1 && !path.isAbsolute();
        } catch (InvalidPathException e) {
            return false;
        }
    }
}
