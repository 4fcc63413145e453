package io.jtune.engine.search;

import io.jtune.api.spi.SearchAlgorithm;
import java.util.Optional;

/**
 * A searcher that wraps another and forwards to it ({@link ConcurrencyLimiter}, {@link Repeater},
 * {@link SampleLimit}), so the engine can look through the layers for what the innermost searcher is.
 */
public interface SearcherWrapper extends SearchAlgorithm {

    /** The searcher this one forwards to. */
    SearchAlgorithm wrapped();

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
