package io.jtune.engine.process;

import io.jtune.api.Config;
import io.jtune.api.trainable.ClassTrainable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Steps normally unless its config's {@code fault} says how to break its worker JVM at step 2. */
public final class Faulty implements ClassTrainable {
    private String fault;
    private int step;
    /** Keeps what the {@code oom} fault allocates reachable. */
    private final List<long[]> hoard = new ArrayList<>();

    @Override
    public void setup(Config config) {
        fault = config.getString("fault");
    }

    @Override
    public Map<String, ?> step() {
        step++;
        if (step == 2) {
            switch (fault) {
                case "exit" -> System.exit(3);
                case "halt" -> Runtime.getRuntime().halt(7);
                case "oom" -> {
                    while (true) {
                        hoard.add(new long[1 << 17]);
                    }
                }
                case "spin" -> spin();
                default -> { }
            }
        }
        return Map.of("score", step * 10, "hoard", hoard.size(), "worker_pid", ProcessHandle.current().pid());
    }

    private static void spin() {
        long x = 0;
        while (x >= 0) {
            x = (x + 1) & Long.MAX_VALUE >>> 1;
        }
    }
}
