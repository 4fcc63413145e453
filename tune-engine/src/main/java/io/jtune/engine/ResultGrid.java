package io.jtune.engine;

/** SKELETON: the engine-core work defines it (best result by metric/mode/scope, histories, errors, CSV export). */
public final class ResultGrid {
}
