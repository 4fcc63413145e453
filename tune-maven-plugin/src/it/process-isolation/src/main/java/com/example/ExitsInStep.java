package com.example;

import static io.jtune.api.Isolation.Mode.PROCESS;

import io.jtune.api.Grid;
import io.jtune.api.Isolation;
import io.jtune.api.Param;
import io.jtune.api.Step;
import io.jtune.api.Stop;
import io.jtune.api.Trainable;
import java.util.Map;

/** The trial with fault = exit ends its JVM in its second step; each trial runs in a worker JVM of its own. */
@Trainable
@Isolation(PROCESS)
@Stop(iterations = 2)
public class ExitsInStep {
    @Param
    @Grid({"ok", "exit", "fine"})
    String fault;

    private int step;

    @Step
    Map<String, Object> step() {
        if (++step == 2 && fault.equals("exit")) {
            System.exit(3);
        }
        return Map.of("worker_pid", ProcessHandle.current().pid());
    }
}
