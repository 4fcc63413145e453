package io.jtune.cluster.wire;

import io.jtune.engine.spec.MachineResources;
import java.util.Map;

/** A worker's resources on the wire. */
public record WireResources(double cpu, double gpu, long memoryBytes, Map<String, Double> custom) {

    public static WireResources of(MachineResources r) {
        return new WireResources(r.cpu(), r.gpu(), r.memoryBytes(), r.custom());
    }

    public MachineResources toMachine() {
        return new MachineResources(cpu, gpu, memoryBytes, custom == null ? Map.of() : custom);
    }
}
