package io.jtune.junit.descriptor;

import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;

/**
 * One trial of an experiment: a test registered while the experiment runs, named by the trial's
 * experiment tag (its index and config). Its unique id ends in {@code [trial:<trial id>]}. Its
 * source is the class's {@code @Step} method (a trial runs it), so reporters file it under the
 * fully qualified class name with the display name as the test's name, as Surefire's XML report
 * does with {@code <testcase name="3_lr=0.01" classname="com.acme.MnistTuning">}.
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
