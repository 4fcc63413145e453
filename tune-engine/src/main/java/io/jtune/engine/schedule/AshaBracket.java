package io.jtune.engine.schedule;

import io.jtune.api.spi.TrialScheduler.Decision;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One bracket of {@link AsyncHyperBandScheduler}: rungs at {@code minT * rf^(k + s)}, kept in
 * descending order, each recording the score of every trial that reached it.
 */
final class AshaBracket {
    /** Guards the rung count against {@code log(a)/log(b)} landing a hair below a whole number. */
    private static final double LOG_RATIO_SLACK = 1e-9;

    private final boolean stopLastTrials;
    private final double[] milestones;
    private final List<Map<String, Double>> recorded;
    /** The cut-off of each rung over its recorded scores. */
    private final List<RunningPercentile> cutoffs;

    AshaBracket(double minT, double maxT, double reductionFactor, int s, boolean stopLastTrials) {
        this.stopLastTrials = stopLastTrials;
        int rungCount = Math.max(0, (int) (Math.log(maxT / minT) / Math.log(reductionFactor) + LOG_RATIO_SLACK - s + 1));
        this.milestones = new double[rungCount];
        this.recorded = new ArrayList<>(rungCount);
        this.cutoffs = new ArrayList<>(rungCount);
        for (int i = 0; i < rungCount; i++) {
            int k = rungCount - 1 - i;
            milestones[i] = minT * Math.pow(reductionFactor, k + s);
            recorded.add(new LinkedHashMap<>());
            cutoffs.add(new RunningPercentile((1 - 1 / reductionFactor) * 100));
        }
    }

    int rungCount() {
        return milestones.length;
    }

    /** Milestones, highest first. */
    double[] milestones() {
        return milestones.clone();
    }

    /**
     * A trial of this bracket, as its scheduler keeps it on the trial: the rungs it is known to be
     * recorded at (the first {@value #MARKED_RUNGS}), so a result between two rungs is judged without
     * looking the trial up in a rung's map of every trial recorded there. {@code restores} tells the
     * scheduler's state the marks were made against.
     */
    static final class Member {
        private static final int MARKED_RUNGS = Long.SIZE;
        final AshaBracket bracket;
        final int restores;
        private long recordedRungs;

        Member(AshaBracket bracket, int restores) {
            this.bracket = bracket;
            this.restores = restores;
        }

        boolean isRecordedAt(int rung) {
            return rung < MARKED_RUNGS && (recordedRungs & (1L << rung)) != 0;
        }

        void recordedAt(int rung) {
            if (rung < MARKED_RUNGS) {
                recordedRungs |= 1L << rung;
            }
        }
    }

    /**
     * Records the trial at the highest rung it reached and has not been recorded at; STOP when its
     * score is below that rung's cut-off. {@code score} is signed (larger is better). {@code member}
     * is the trial's membership of this bracket.
     */
    Decision onResult(Member member, String trialId, double time, double score) {
        for (int i = 0; i < milestones.length; i++) {
            if (time < milestones[i]) {
                continue;
            }
            boolean known = member.isRecordedAt(i) || recorded.get(i).putIfAbsent(trialId, score) != null;
            member.recordedAt(i);
            if (known) {
                if (!stopLastTrials) {
                    return Decision.CONTINUE;
                }
                continue;
            }
            double cutoff = cutoff(i);
            cutoffs.get(i).add(score);
            return score < cutoff ? Decision.STOP : Decision.CONTINUE;
        }
        return Decision.CONTINUE;
    }

    /** The rung's cut-off: the (1 - 1/rf) percentile of its recorded scores, NaN while none is recorded. */
    double cutoff(int rungIndex) {
        return cutoffs.get(rungIndex).percentile();
    }

    String debugString() {
        StringBuilder s = new StringBuilder("Bracket: ");
        for (int i = 0; i < milestones.length; i++) {
            if (i > 0) {
                s.append(" | ");
            }
            double cutoff = cutoff(i);
            s.append(String.format(Locale.ROOT, "Iter %.3f: %s", milestones[i], Double.isNaN(cutoff) ? "None" : Double.toString(cutoff)));
        }
        return s.toString();
    }

    /** The recorded scores of each rung (highest rung first), read-only views for saving (no copy of every trial's score). */
    List<Map<String, Double>> recorded() {
        List<Map<String, Double>> views = new ArrayList<>(recorded.size());
        for (Map<String, Double> rung : recorded) {
            views.add(Collections.unmodifiableMap(rung));
        }
        return views;
    }

    void restore(List<Map<String, Double>> saved) {
        if (saved.size() != milestones.length) {
            throw new IllegalArgumentException("AsyncHyperBandScheduler: the saved bracket has " + saved.size()
                    + " rungs but this one has " + milestones.length + "; resume with the same max_t, grace_period and reduction_factor");
        }
        for (int i = 0; i < milestones.length; i++) {
            recorded.get(i).clear();
            recorded.get(i).putAll(saved.get(i));
            cutoffs.get(i).clear();
            saved.get(i).values().forEach(cutoffs.get(i)::add);
        }
    }
}
