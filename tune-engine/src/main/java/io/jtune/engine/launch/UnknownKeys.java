package io.jtune.engine.launch;

import io.jtune.api.ConfigurationKeys;
import io.jtune.engine.log.LazyLogger;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Warns, once per JVM and key, about a {@code jtune.*} system property that no part of jtune reads
 * (a typo such as {@code -Djtune.samplse=5} would otherwise be ignored in silence), naming the key
 * it probably meant.
 */
public final class UnknownKeys {
    private static final LazyLogger LOG = new LazyLogger(UnknownKeys.class);
    private static final Set<String> WARNED = ConcurrentHashMap.newKeySet();

    private UnknownKeys() {
    }

    /** Logs a warning for each unknown {@code jtune.*} key of {@code properties} not warned about before. */
    public static void warnAbout(Properties properties) {
        Set<String> unknown = new TreeSet<>();
        for (String key : properties.stringPropertyNames()) {
            if (ConfigurationKeys.isUnknown(key) && WARNED.add(key)) {
                unknown.add(key);
            }
        }
        for (String key : unknown) {
            LOG.get().warn(ConfigurationKeys.unknownKeyMessage(key));
        }
    }
}
