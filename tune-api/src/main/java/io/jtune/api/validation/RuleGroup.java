package io.jtune.api.validation;

/** A group of related rules over a {@code @Trainable} class; reports every problem it finds. */
interface RuleGroup {
    void check(TypeModel type, Problems problems);
}
