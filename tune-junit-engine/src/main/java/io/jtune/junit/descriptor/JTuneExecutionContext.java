package io.jtune.junit.descriptor;

import org.junit.platform.engine.EngineExecutionListener;
import org.junit.platform.engine.support.hierarchical.EngineExecutionContext;

/** What every experiment of one run shares: the listener trials are reported to and the engine's configuration. */
public record JTuneExecutionContext(EngineExecutionListener listener, EngineConfiguration configuration) implements EngineExecutionContext {
}
