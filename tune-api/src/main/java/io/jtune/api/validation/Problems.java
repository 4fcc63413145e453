package io.jtune.api.validation;

import java.util.ArrayList;
import java.util.List;

/** Collects the problems the rules find, in the order found. */
final class Problems {
    private final List<Problem> found = new ArrayList<>();

    void add(ModelElement where, String message) {
        found.add(new Problem(where, message));
    }

    List<Problem> list() {
        return List.copyOf(found);
    }
}
