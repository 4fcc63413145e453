package io.jtune.engine.search;

import io.jtune.api.spi.ExperimentInfo;
import io.jtune.api.spi.SearchAlgorithm;
import java.util.Optional;

/**
 * A searcher that wraps another and forwards to it ({@link ConcurrencyLimiter}, {@link Repeater},
 * {@link SampleLimit}), so the engine can look through the layers for what the innermost searcher is.
 */
public interface SearcherWrapper extends SearchAlgorithm {

    /** The searcher this one forwards to. */
    SearchAlgorithm wrapped();

    /** Sets up the wrapped searcher. */
    @Override
    default void setup(ExperimentInfo experiment) {
        wrapped().setup(experiment);
    }

    /** {@code searcher}, refused when null with an error naming the wrapper. */
    static SearchAlgorithm requireWrapped(SearchAlgorithm searcher, String wrapper) {
        if (searcher == null) {
            throw new IllegalArgumentException(wrapper + ": the searcher to wrap must not be null");
        }
        return searcher;
    }

    /** The outermost layer of {@code searcher} (itself first, then what it wraps, and so on) that is a {@code type}. */
    static <T> Optional<T> find(SearchAlgorithm searcher, Class<T> type) {
        for (SearchAlgorithm layer = searcher; layer != null; layer = layer instanceof SearcherWrapper w ? w.wrapped() : null) {
            if (type.isInstance(layer)) {
                return Optional.of(type.cast(layer));
            }
        }
        return Optional.empty();
    }
}
