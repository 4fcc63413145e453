package io.jtune.junit.descriptor;

import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;

/**
 * One trial of an experiment: a test registered while the experiment runs, named by the trial's
 * id and config. Its unique id ends in {@code [trial:<trial id>]}.
 */
public final class TrialDescriptor extends AbstractTestDescriptor {

    /** The unique-id segment type of a trial. */
    public static final String SEGMENT_TYPE = "trial";

    public TrialDescriptor(UniqueId uniqueId, String displayName, TestSource source) {
        super(uniqueId, displayName, source);
    }

    @Override
    public Type getType() {
        return Type.TEST;
    }
}
