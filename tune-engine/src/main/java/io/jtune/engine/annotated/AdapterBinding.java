package io.jtune.engine.annotated;

import io.jtune.api.Config;
import io.jtune.api.Param;
import io.jtune.api.Reset;
import io.jtune.api.Save;
import io.jtune.api.Step;
import io.jtune.api.validation.MethodModel;
import io.jtune.api.validation.ReflectiveFieldModel;
import io.jtune.api.validation.ReflectiveTypeModel;
import io.jtune.api.validation.TrainableRules;
import java.util.List;

/**
 * What every adapter of one {@code @Trainable} class shares, bound once per class: the
 * {@code @Param} injectors, the metric a numeric step result is reported under, and which
 * optional lifecycle methods exist. Public only because generated adapters take it in their
 * constructor.
 */
public final class AdapterBinding {
    private final String className;
    private final String step;
    private final String metric;
    private final List<ParamInjector> params;
    private final boolean checkpoints;
    private final boolean reusable;

    private AdapterBinding(ReflectiveTypeModel model) {
        this.className = model.qualifiedName();
        this.step = model.methods().stream().filter(m -> m.has(Step.class)).map(MethodModel::signature).findFirst().orElseThrow();
        this.metric = TrainableRules.metric(model);
        this.params = model.fields().stream().filter(f -> f.has(Param.class)).map(f -> new ParamInjector((ReflectiveFieldModel) f)).toList();
        this.checkpoints = has(model, Save.class);
        this.reusable = has(model, Reset.class);
    }

    /** Binds a class the rules have accepted. */
    static AdapterBinding of(ReflectiveTypeModel model) {
        return new AdapterBinding(model);
    }

    private static boolean has(ReflectiveTypeModel model, Class<? extends java.lang.annotation.Annotation> annotation) {
        return model.methods().stream().anyMatch(m -> m.has(annotation));
    }

    /** The values of the instance's conditional {@code @Param} fields as created (indexed as the parameters), read before the first injection. */
    Object[] initialValues(Object target) {
        Object[] initial = new Object[params.size()];
        for (int i = 0; i < initial.length; i++) {
            if (params.get(i).conditional()) {
                initial[i] = params.get(i).read(target);
            }
        }
        return initial;
    }

    /** Sets every {@code @Param} field; a conditional one the config leaves out gets its value from {@code initial}. */
    void inject(Object target, Config config, Object[] initial) {
        for (int i = 0; i < params.size(); i++) {
            params.get(i).inject(target, config, initial[i]);
        }
    }

    String className() {
        return className;
    }

    String metric() {
        return metric;
    }

    boolean checkpoints() {
        return checkpoints;
    }

    boolean reusable() {
        return reusable;
    }

    IllegalStateException nullResult() {
        return new IllegalStateException("@Step method " + className + "." + step + " returned null: return this iteration's metrics");
    }
}
