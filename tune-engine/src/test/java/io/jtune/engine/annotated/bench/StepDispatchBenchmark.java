package io.jtune.engine.annotated.bench;

import io.jtune.api.Config;
import io.jtune.api.trainable.ClassTrainable;
import io.jtune.engine.annotated.AnnotatedTrainables;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Cost of one step call: the generated adapter against a direct call of the user's method and
 * against {@link Method#invoke}, for a step returning a map (dispatch only) and one returning a
 * record (dispatch plus reading the metrics). Run with
 * {@code mvn -pl tune-engine -am -Pjmh -DskipTests verify}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
public class StepDispatchBenchmark {
    private ClassTrainable adapter;
    private BenchModel direct;
    private BenchModel reflected;
    private Method step;

    private ClassTrainable recordAdapter;
    private BenchModel.WithRecord recordDirect;
    private BenchModel.WithRecord recordReflected;
    private Method recordStep;
    private Method[] accessors;
    private String[] names;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        adapter = AnnotatedTrainables.factory(BenchModel.class).get();
        adapter.setup(Config.of(Map.of("lr", 0.1)));
        direct = new BenchModel();
        reflected = new BenchModel();
        step = BenchModel.class.getMethod("step");

        recordAdapter = AnnotatedTrainables.factory(BenchModel.WithRecord.class).get();
        recordAdapter.setup(Config.empty());
        recordDirect = new BenchModel.WithRecord();
        recordReflected = new BenchModel.WithRecord();
        recordStep = BenchModel.WithRecord.class.getMethod("step");
        RecordComponent[] components = BenchModel.Metrics.class.getRecordComponents();
        accessors = new Method[components.length];
        names = new String[components.length];
        for (int i = 0; i < components.length; i++) {
            accessors[i] = components[i].getAccessor();
            names[i] = components[i].getName();
        }
    }

    @Benchmark
    public Map<String, ?> mapAdapter() throws Exception {
        return adapter.step();
    }

    @Benchmark
    public Map<String, ?> mapDirect() {
        return direct.step();
    }

    @Benchmark
    public Object mapMethodInvoke() throws Exception {
        return step.invoke(reflected);
    }

    @Benchmark
    public Map<String, ?> recordAdapter() throws Exception {
        return recordAdapter.step();
    }

    /** What a hand-written adapter would do: call, then put each component. */
    @Benchmark
    public Map<String, ?> recordDirect() {
        BenchModel.Metrics m = recordDirect.step();
        Map<String, Object> out = new LinkedHashMap<>(4);
        out.put("loss", m.loss());
        out.put("epoch", m.epoch());
        return out;
    }

    /** What a reflective adapter would do: invoke the step, then each accessor. */
    @Benchmark
    public Map<String, ?> recordMethodInvoke() throws Exception {
        Object m = recordStep.invoke(recordReflected);
        Map<String, Object> out = new LinkedHashMap<>(4);
        for (int i = 0; i < accessors.length; i++) {
            out.put(names[i], accessors[i].invoke(m));
        }
        return out;
    }
}
