package io.jtune.engine.search.model;

/** Checks of a searcher's settings, each failing with the searcher's name and what is wrong. */
public final class Knobs {
    private Knobs() {
    }

    /** Throws an IllegalArgumentException "{@code searcher}: {@code message}" unless {@code ok}. */
    public static void require(String searcher, boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException(searcher + ": " + message);
        }
    }
}
