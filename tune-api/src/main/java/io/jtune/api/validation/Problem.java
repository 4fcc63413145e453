package io.jtune.api.validation;

/** One broken rule: the element it is on and a message that names it and says how to fix it. */
public record Problem(ModelElement where, String message) {

    @Override
    public String toString() {
        return message;
    }
}
