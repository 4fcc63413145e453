package io.jtune.api;

/** Which TPE {@link Tpe} and {@link Motpe} start from, before their other attributes apply. */
public enum TpePreset {
    /**
     * Optuna 3.1's rules (split, weights, prior, bandwidths, magic clip, constant liar) with kernels
     * that are true densities (as Optuna since 3.5): {@link Motpe}'s default, an option for {@link Tpe}.
     */
    JTUNE,
    /**
     * Optuna 3.1's TPE exactly, kernels included: its truncated-normal kernels' height does not
     * shrink with their bandwidth, so wide kernels (the prior, isolated trials) weigh more.
     * {@link Tpe}'s default. For {@link Motpe}, also {@code MOTPESampler}'s bandwidths that count
     * the distance to the bounds.
     */
    OPTUNA
}
