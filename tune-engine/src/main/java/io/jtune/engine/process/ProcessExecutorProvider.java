package io.jtune.engine.process;

import io.jtune.engine.exec.ExecutorFactory;
import io.jtune.engine.exec.ExecutorProvider;

/** {@code process}: each trial in a pooled worker JVM of this machine, started with {@link ProcessOptions#defaults()}. */
public final class ProcessExecutorProvider implements ExecutorProvider {

    @Override
    public String name() {
        return "process";
    }

    @Override
    public String description() {
        return "each trial in a worker JVM";
    }

    @Override
    public ExecutorFactory factory() {
        return ProcessOptions.defaults().executor();
    }
}
