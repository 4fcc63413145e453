package io.jtune.engine.exec;

/** {@code threads}: trials on pooled threads of the driver's JVM (the default). */
public final class ThreadsExecutorProvider implements ExecutorProvider {

    @Override
    public String name() {
        return "threads";
    }

    @Override
    public String description() {
        return "trials on threads of this JVM";
    }

    @Override
    public ExecutorFactory factory() {
        return ExecutorFactory.threads();
    }
}
