package io.jtune.junit.descriptor;

import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;

/**
 * One trial of an experiment: a test registered while the experiment runs, named by the trial's
 * experiment tag (its index and config). Its unique id ends in {@code [trial:<trial id>]}. It has
 * no source of its own (a trial is no method): reporters name it by its display name within its
 * experiment's class, as Surefire's XML report does with {@code <testcase name="3_lr=0.01">}.
 */
public final class TrialDescriptor extends AbstractTestDescriptor {

    /** The unique-id segment type of a trial. */
    public static final String SEGMENT_TYPE = "trial";

    public TrialDescriptor(UniqueId uniqueId, String displayName) {
        super(uniqueId, displayName);
    }

    @Override
    public Type getType() {
        return Type.TEST;
    }
}
