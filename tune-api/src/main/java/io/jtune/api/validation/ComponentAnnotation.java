package io.jtune.api.validation;

/**
 * An annotation on a {@code @Trainable} class that is meta-annotated with
 * {@link io.jtune.api.SchedulerAnnotation} or {@link io.jtune.api.SearcherAnnotation}.
 *
 * @param simpleName the annotation's simple name, as messages show it ({@code Asha})
 * @param kind scheduler or searcher
 * @param needsMetric whether the component needs the experiment's metric
 * @param factory the {@link io.jtune.api.spi.AnnotationFactory} class name
 */
public record ComponentAnnotation(String simpleName, Kind kind, boolean needsMetric, String factory) {

    /** Which experiment component an annotation chooses. */
    public enum Kind {
        SCHEDULER, SEARCHER;

        /** "scheduler" or "searcher". */
        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }
}
