package io.jtune.junit;

import io.jtune.engine.log.FallbackLogging;
import io.jtune.junit.descriptor.EngineConfiguration;
import io.jtune.junit.descriptor.JTuneExecutionContext;
import io.jtune.junit.discovery.DiscoveryProblems;
import io.jtune.junit.discovery.TrainableSelectorResolver;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.platform.commons.PreconditionViolationException;
import org.junit.platform.engine.ConfigurationParameters;
import org.junit.platform.engine.EngineDiscoveryRequest;
import org.junit.platform.engine.ExecutionRequest;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.EngineDescriptor;
import org.junit.platform.engine.support.discovery.EngineDiscoveryRequestResolver;
import org.junit.platform.engine.support.hierarchical.HierarchicalTestEngine;

/**
 * The JUnit Platform engine {@value Constants#ENGINE_ID}: every {@code @Trainable} class a request
 * selects becomes a container whose experiment runs when it executes, each trial a test of its own
 * (see {@link io.jtune.junit.descriptor.TrainableClassDescriptor}). Configured by the parameters
 * in {@link Constants}. Writes to standard output only each experiment's summary when it ends (the
 * best trial's metric, config and checkpoint: Surefire keeps no report entries), and the progress
 * table when it is switched on.
 */
public final class JTuneTestEngine extends HierarchicalTestEngine<JTuneExecutionContext> {
    static {
        FallbackLogging.install();
    }

    @Override
    public String getId() {
        return Constants.ENGINE_ID;
    }

    @Override
    public Optional<String> getGroupId() {
        return Optional.of("io.jtune");
    }

    @Override
    public Optional<String> getArtifactId() {
        return Optional.of("tune-junit-engine");
    }

    @Override
    public TestDescriptor discover(EngineDiscoveryRequest request, UniqueId uniqueId) {
        EngineDescriptor engine = new EngineDescriptor(uniqueId, "jtune");
        DiscoveryProblems issues = DiscoveryProblems.of(request, uniqueId);
        try {
            configuration(request.getConfigurationParameters());
        } catch (PreconditionViolationException malformed) {
            issues.error(malformed.getMessage(), null, null);
        }
        EngineDiscoveryRequestResolver.<EngineDescriptor>builder()
                .addSelectorResolver(context -> new TrainableSelectorResolver(context, issues))
                .build()
                .resolve(request, engine);
        return engine;
    }

    @Override
    protected JTuneExecutionContext createExecutionContext(ExecutionRequest request) {
        return new JTuneExecutionContext(request.getEngineExecutionListener(), configuration(request.getConfigurationParameters()));
    }

    /** Read when discovering too, so that a malformed parameter is a discovery issue, reported before anything runs. */
    private static EngineConfiguration configuration(ConfigurationParameters parameters) {
        return EngineConfiguration.from(parameters, Path.of("").toAbsolutePath());
    }
}
