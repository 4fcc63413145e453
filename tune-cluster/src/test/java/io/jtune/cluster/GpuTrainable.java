package io.jtune.cluster;

import io.jtune.api.Config;
import io.jtune.api.trainable.ClassTrainable;
import io.jtune.api.trainable.TrialContext;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Claims, in its worker JVM, the share of each GPU its {@link TrialContext#gpuIds()} names (a whole
 * GPU, or the request's fraction {@code gpu} on the last id) and fails when that would put more
 * than one GPU's worth on an index; gives the claim back in its last step (before the driver sees
 * the final result, so the driver cannot reassign the GPUs before they are free here). Reports
 * the ids and how many trials of this JVM hold a GPU at once.
 */
public class GpuTrainable implements ClassTrainable {
    /** Per GPU index of this JVM: how much of it running trials hold, in hundredths. */
    private static final Map<Integer, Integer> HELD = new HashMap<>();
    private static int holders;

    private List<Integer> gpuIds;
    private int[] shares;
    private long stepMillis;
    private long iterations;
    private long iteration;

    @Override
    public void setup(Config config) {
        gpuIds = TrialContext.current().gpuIds();
        stepMillis = config.getInt("stepMillis", 0);
        iterations = config.getInt("iterations");
        int wanted = (int) Math.round(config.getDouble("gpu") * 100);
        shares = new int[gpuIds.size()];
        for (int i = 0; i < shares.length; i++) {
            shares[i] = i == shares.length - 1 && wanted % 100 != 0 ? wanted % 100 : 100;
        }
        synchronized (HELD) {
            for (int i = 0; i < shares.length; i++) {
                int now = HELD.getOrDefault(gpuIds.get(i), 0) + shares[i];
                if (now > 100) {
                    throw new IllegalStateException("GPU " + gpuIds.get(i) + " is over-committed in this worker: " + HELD + " plus " + shares[i]);
                }
            }
            for (int i = 0; i < shares.length; i++) {
                HELD.merge(gpuIds.get(i), shares[i], Integer::sum);
            }
            holders++;
        }
    }

    @Override
    public Map<String, ?> step() throws InterruptedException {
        iteration++;
        Thread.sleep(stepMillis);
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("gpu_ids", gpuIds);
        synchronized (HELD) {
            metrics.put("holders", holders);
            if (iteration == iterations) {
                for (int i = 0; i < shares.length; i++) {
                    HELD.merge(gpuIds.get(i), -shares[i], Integer::sum);
                }
                holders--;
                metrics.put("done", true);
            }
        }
        return metrics;
    }
}
