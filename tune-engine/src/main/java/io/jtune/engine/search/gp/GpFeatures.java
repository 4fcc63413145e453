package io.jtune.engine.search.gp;

import io.jtune.engine.search.model.Dimension;
import io.jtune.engine.search.model.SpaceEncoding;

/** The GP's feature vector of an encoded vector: numeric coordinates as they are, each categorical one one-hot. */
final class GpFeatures {
    private final SpaceEncoding encoding;
    private final int size;

    GpFeatures(SpaceEncoding encoding) {
        this.encoding = encoding;
        int s = 0;
        for (Dimension d : encoding.dimensions()) {
            s += d.isCategorical() ? d.size() : 1;
        }
        this.size = s;
    }

    int size() {
        return size;
    }

    double[] of(double[] x) {
        double[] z = new double[size];
        int at = 0;
        for (int j = 0; j < x.length; j++) {
            Dimension d = encoding.dimension(j);
            if (d.isCategorical()) {
                z[at + d.categoryIndex(x[j])] = 1;
                at += d.size();
            } else {
                z[at++] = x[j];
            }
        }
        return z;
    }
}
