package io.jtune.api.validation;

import io.jtune.api.Resources;
import io.jtune.api.ResourceRequest;
import java.util.LinkedHashMap;
import java.util.Map;

/** Conversions of experiment annotations shared by the rules and the engine's reader. */
public final class ExperimentAnnotations {
    private static final long MEBIBYTE = 1024L * 1024L;

    private ExperimentAnnotations() {
    }

    /** The per-trial request {@code @Resources} declares; an IllegalArgumentException names a bad amount. */
    public static ResourceRequest resources(Resources r) {
        if (r.memoryMb() < 0) {
            throw new IllegalArgumentException("memoryMb must be >= 0, got " + r.memoryMb());
        }
        Map<String, Double> custom = new LinkedHashMap<>();
        for (Resources.Custom c : r.custom()) {
            if (c.name().isBlank()) {
                throw new IllegalArgumentException("a custom resource has no name: name it, e.g. @Resources.Custom(name = \"tpu\", amount = 1)");
            }
            custom.put(c.name(), c.amount());
        }
        return new ResourceRequest(r.cpu(), r.gpu(), Math.multiplyExact(r.memoryMb(), MEBIBYTE), custom);
    }
}
