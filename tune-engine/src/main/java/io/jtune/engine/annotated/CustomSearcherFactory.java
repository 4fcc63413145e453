package io.jtune.engine.annotated;

import io.jtune.api.spi.AnnotationFactory;
import io.jtune.api.spi.Search;
import io.jtune.api.spi.SearchAlgorithm;

/** Builds the user's own search algorithm named by {@link Search @Search} through its public no-arg constructor. */
public final class CustomSearcherFactory implements AnnotationFactory<Search, SearchAlgorithm> {
    @Override
    public SearchAlgorithm create(Search annotation) {
        return UserClasses.instantiate(annotation.value(), "the searcher of @Search");
    }
}
