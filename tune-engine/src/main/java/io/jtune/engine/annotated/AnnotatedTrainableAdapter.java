package io.jtune.engine.annotated;

import io.jtune.api.Config;
import io.jtune.api.trainable.ClassTrainable;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The base of the adapters generated for {@code @Trainable} classes. A generated subclass holds
 * the user's instance in a typed field and overrides {@link #step()} (and the hooks of the
 * lifecycle methods the class has) with direct calls to the user's methods; this class injects
 * the {@code @Param} fields and turns step results into metrics. Public only because generated
 * code in the user's package extends it.
 */
public abstract class AnnotatedTrainableAdapter implements ClassTrainable {
    private final AdapterBinding binding;
    /** The conditional {@code @Param} fields' values as the instance was created, taken at setup. */
    private Object[] initialParams;

    protected AnnotatedTrainableAdapter(AdapterBinding binding) {
        this.binding = binding;
    }

    /** The user's instance this adapter drives. */
    protected abstract Object target();

    /** Injects the config into the {@code @Param} fields, then runs {@code @Setup}. */
    @Override
    public final void setup(Config config) throws Exception {
        initialParams = binding.initialValues(target());
        binding.inject(target(), config, initialParams);
        userSetup(config);
    }

    /** Calls the {@code @Setup} method; generated when the class has one. */
    protected void userSetup(Config config) throws Exception {
    }

    /** Without {@code @Reset}: false. With it: injects the new config, then returns what {@code @Reset} returns. */
    @Override
    public final boolean reset(Config newConfig) throws Exception {
        if (!binding.reusable()) {
            return false;
        }
        binding.inject(target(), newConfig, initialParams);
        return userReset(newConfig);
    }

    /** Calls the {@code @Reset} method; generated when the class has one. */
    protected boolean userReset(Config newConfig) throws Exception {
        return false;
    }

    @Override
    public final boolean supportsCheckpoints() {
        return binding.checkpoints();
    }

    @Override
    public void save(Path dir) throws Exception {
        throw noCheckpoints();
    }

    @Override
    public void restore(Path dir) throws Exception {
        throw noCheckpoints();
    }

    private UnsupportedOperationException noCheckpoints() {
        return new UnsupportedOperationException(binding.className() + " has no @Save and @Restore methods: add both, each taking a Path, to enable checkpoints");
    }

    /** A {@code Map} step result, as is. */
    protected final Map<String, ?> mapResult(Map<String, ?> metrics) {
        if (metrics == null) {
            throw binding.nullResult();
        }
        return metrics;
    }

    /** A primitive number step result, under the trainable's metric. */
    protected final Map<String, ?> numberResult(double value) {
        return Map.of(binding.metric(), value);
    }

    /** A boxed number step result, under the trainable's metric. */
    protected final Map<String, ?> numberResult(Number value) {
        if (value == null) {
            throw binding.nullResult();
        }
        return Map.of(binding.metric(), value);
    }

    /** Checks a record or bean step result before its properties are read. */
    protected final void requireResult(Object result) {
        if (result == null) {
            throw binding.nullResult();
        }
    }

    /** A new map for {@code size} metrics read from a record or bean. */
    public static LinkedHashMap<String, Object> newMetrics(int size) {
        return new LinkedHashMap<>((int) (size / 0.75f) + 1);
    }

    /** Adds one metric and returns the map, so generated code can nest the calls. */
    public static LinkedHashMap<String, Object> put(LinkedHashMap<String, Object> metrics, String name, Object value) {
        metrics.put(name, value);
        return metrics;
    }

    @Override
    public String toString() {
        return "adapter of " + binding.className();
    }
}
