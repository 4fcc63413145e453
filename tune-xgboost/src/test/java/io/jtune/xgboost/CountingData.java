package io.jtune.xgboost;

import java.util.ArrayList;
import java.util.List;
import ml.dmlc.xgboost4j.java.DMatrix;

/** Per-trial synthetic data that records what it opened and what was handed back. */
final class CountingData implements DataSource {
    static final CountingData INSTANCE = new CountingData();

    private final DataSource perTrial = DataSource.perTrial(() -> Synthetic.data(3));
    private final List<TrainingData> opened = new ArrayList<>();
    private final List<TrainingData> closed = new ArrayList<>();

    @Override
    public synchronized TrainingData open() throws Exception {
        TrainingData data = perTrial.open();
        opened.add(data);
        return data;
    }

    @Override
    public synchronized void close(TrainingData data) {
        perTrial.close(data);
        closed.add(data);
    }

    synchronized List<TrainingData> opened() {
        return List.copyOf(opened);
    }

    synchronized List<TrainingData> closed() {
        return List.copyOf(closed);
    }

    /** True when every matrix of the data has freed its native memory (handle 0). */
    static boolean freed(TrainingData data) {
        return data.train().getHandle() == 0 && data.watches().values().stream().mapToLong(DMatrix::getHandle).allMatch(h -> h == 0);
    }
}
