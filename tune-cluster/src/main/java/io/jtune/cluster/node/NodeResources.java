package io.jtune.cluster.node;

import io.jtune.api.ResourceRequest;
import java.util.Locale;

/**
 * Parses what a worker offers, {@code cpu=16,gpu=2,memory=64g,large_mem=1}: {@code cpu} and
 * {@code gpu} are amounts, {@code memory} is bytes (suffix k, m, g or t for KiB..TiB), every other
 * name is a custom resource (a label trials can request). Names not given keep the detected value.
 */
public final class NodeResources {
    private NodeResources() {
    }

    /**
     * {@code base} with the amounts of {@code spec} (may be null or blank: {@code base} unchanged).
     *
     * @throws IllegalArgumentException naming the entry that cannot be read and the expected form
     */
    public static ResourceRequest parse(String spec, ResourceRequest base) {
        ResourceRequest result = base;
        if (spec == null || spec.isBlank()) {
            return result;
        }
        for (String entry : spec.split(",")) {
            String trimmed = entry.trim();
            int eq = trimmed.indexOf('=');
            if (eq <= 0 || eq == trimmed.length() - 1) {
                throw bad(spec, trimmed, "each entry is name=amount");
            }
            String name = trimmed.substring(0, eq).trim();
            String amount = trimmed.substring(eq + 1).trim();
            try {
                result = switch (name) {
                    case "cpu" -> result.withCpu(Double.parseDouble(amount));
                    case "gpu" -> result.withGpu(Double.parseDouble(amount));
                    case "memory" -> result.withMemory(bytes(amount));
                    default -> result.withCustom(name, Double.parseDouble(amount));
                };
            } catch (IllegalArgumentException e) {
                throw bad(spec, trimmed, e instanceof NumberFormatException ? "'" + amount + "' is not a number" : e.getMessage());
            }
        }
        return result;
    }

    private static long bytes(String amount) {
        String lower = amount.toLowerCase(Locale.ROOT);
        int shift = switch (lower.charAt(lower.length() - 1)) {
            case 'k' -> 10;
            case 'm' -> 20;
            case 'g' -> 30;
            case 't' -> 40;
            default -> 0;
        };
        String number = shift == 0 ? lower : lower.substring(0, lower.length() - 1);
        return (long) (Double.parseDouble(number) * (1L << shift));
    }

    private static IllegalArgumentException bad(String spec, String entry, String why) {
        return new IllegalArgumentException("cannot read the resources '" + spec + "' at '" + entry + "': " + why
                + " (e.g. --resources cpu=16,gpu=2,memory=64g,large_mem=1)");
    }
}
