package io.jtune.engine.process;

import static io.jtune.api.Isolation.Mode.PROCESS;

import io.jtune.api.Isolation;
import io.jtune.api.Resources;
import io.jtune.api.Samples;
import io.jtune.api.Step;
import io.jtune.api.Stop;
import io.jtune.api.Trainable;
import io.jtune.api.trainable.TrialContext;
import java.util.Map;
import java.util.Objects;

/** Reports the process it runs in, its heap limit and the GPUs it was given. */
@Trainable
@Isolation(PROCESS)
@Samples(2)
@Stop(iterations = 2)
@Resources(cpu = 1, gpu = 1, memoryMb = 96)
public class Isolated {
    @Step
    Map<String, Object> step() {
        return Map.of("worker_pid", ProcessHandle.current().pid(),
                "max_heap_mib", Runtime.getRuntime().maxMemory() >> 20,
                "gpu_ids", TrialContext.current().gpuIds(),
                "cuda_visible_devices", Objects.requireNonNullElse(System.getenv("CUDA_VISIBLE_DEVICES"), "unset"));
    }
}
