package io.jtune.engine.schedule;

import io.jtune.api.TrialStatus;
import io.jtune.api.spi.TrialView;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * One bracket of {@link HyperBandScheduler}, as Ray Tune's {@code _Bracket}: up to {@code n} live
 * trials that each run to the milestone {@code cumulR}; successive halving keeps the best
 * {@code ceil(n / eta)} and raises the milestone to {@code min(r * eta, maxT)}, {@code s} times.
 * Ray raises it to {@code int(min(r * eta, maxT - cumulR))} instead, so with maxT 27 and eta 3 its
 * brackets end at 18 and no trial reaches maxT; jtune follows the HyperBand paper
 * ({@code r_i = R eta^(i - s)}, the last rung is R), so the last rung is maxT, as users expect of a
 * scheduler given {@code maxT}.
 */
final class HyperBandBracket {

    /** What the bracket knows of a live trial: its latest progress and signed score. */
    static final class Live {
        final TrialView trial;
        double time;
        double score = Double.NaN;

        Live(TrialView trial) {
            this.trial = trial;
        }
    }

    /** Good trials continue, bad trials stop. */
    record Halving(List<TrialView> good, List<TrialView> bad) {
    }

    final int s;
    private final int maxT;
    private final double eta;
    private final boolean stopLastTrials;
    private final int totalWork;
    private int n;
    private int r;
    private int cumulR;
    private int halves;
    private double completedProgress;
    private final Map<String, Live> live = new LinkedHashMap<>();
    private final List<TrialView> all = new ArrayList<>();
    private final Set<String> toUnpause = new HashSet<>();
    /** True while the scheduler halves this bracket, so removals it causes do not halve it again. */
    boolean processing;

    HyperBandBracket(int s, int n0, int r0, int maxT, double eta, boolean stopLastTrials) {
        this.s = s;
        this.n = n0;
        this.r = r0;
        this.cumulR = r0;
        this.halves = s;
        this.maxT = maxT;
        this.eta = eta;
        this.stopLastTrials = stopLastTrials;
        this.totalWork = totalWork(n0, r0, s);
    }

    /** Ray's estimate of the bracket's work, used only to order brackets by completion. */
    private int totalWork(int n0, int r0, int s) {
        int work = 0;
        double nn = n0;
        double rr = r0;
        for (int i = 0; i <= s; i++) {
            work += (int) nn * (int) rr;
            nn = Math.ceil(nn / eta);
            rr = (int) Math.min(rr * eta, maxT - r0);
        }
        return work;
    }

    void add(TrialView trial) {
        if (filled()) {
            throw new IllegalStateException("HyperBandScheduler: cannot add trial " + trial.id() + " to a filled bracket");
        }
        live.put(trial.id(), new Live(trial));
        all.add(trial);
    }

    boolean contains(String trialId) {
        return live.containsKey(trialId);
    }

    boolean filled() {
        return live.size() == n;
    }

    /** True when every live trial reached the milestone. */
    boolean curIterDone() {
        for (Live l : live.values()) {
            if (l.time < cumulR) {
                return false;
            }
        }
        return true;
    }

    boolean finished() {
        return stopLastTrials && halves == 0 && curIterDone();
    }

    /** True when the trial has not reached the milestone yet (or runs on past the last rung). */
    boolean continueTrial(String trialId) {
        if (!stopLastTrials && halves == 0) {
            return true;
        }
        return live.get(trialId).time < cumulR;
    }

    void update(String trialId, double time, double score) {
        Live l = live.get(trialId);
        completedProgress += time - l.time;
        l.time = time;
        l.score = score;
        toUnpause.remove(trialId);
    }

    /** Keeps the best {@code ceil(n / eta)} by score (NaN counts as worst) and moves the milestone on. */
    Halving successiveHalving() {
        List<Live> sorted = new ArrayList<>(live.values());
        if (halves == 0 && !stopLastTrials) {
            return new Halving(sorted.stream().map(l -> l.trial).toList(), List.of());
        }
        if (halves <= 0) {
            throw new IllegalStateException("HyperBandScheduler: bracket s=" + s + " has no halving left");
        }
        halves--;
        n = (int) Math.ceil(n / eta);
        r = (int) Math.min(r * eta, maxT);
        cumulR = r;
        sorted.sort(Comparator.comparingDouble(l -> Double.isNaN(l.score) ? Double.NEGATIVE_INFINITY : l.score));
        int cut = Math.max(0, sorted.size() - n);
        List<TrialView> bad = sorted.subList(0, cut).stream().map(l -> l.trial).toList();
        List<TrialView> good = sorted.subList(cut, sorted.size()).stream().map(l -> l.trial).toList();
        return new Halving(good, bad);
    }

    void cleanup(String trialId) {
        live.remove(trialId);
    }

    List<TrialView> currentTrials() {
        return live.values().stream().map(l -> l.trial).toList();
    }

    void markToUnpause(String trialId) {
        toUnpause.add(trialId);
    }

    boolean isToUnpause(String trialId) {
        return toUnpause.contains(trialId);
    }

    double completionPercentage() {
        if (finished()) {
            return 1.0;
        }
        return totalWork == 0 ? 1.0 : Math.min(completedProgress / totalWork, 1.0);
    }

    int maxSize() {
        return n;
    }

    int milestone() {
        return cumulR;
    }

    int halvesLeft() {
        return halves;
    }

    @Override
    public String toString() {
        Map<TrialStatus, Long> counts = new EnumMap<>(TrialStatus.class);
        all.forEach(t -> counts.merge(t.status(), 1L, Long::sum));
        String statuses = counts.entrySet().stream().map(e -> e.getKey() + ": " + e.getValue()).sorted().collect(Collectors.joining(", "));
        return String.format(Locale.ROOT, "Bracket(Max Size (n)=%d, Milestone (r)=%d, completed=%.1f%%): {%s}",
                n, cumulR, completionPercentage() * 100, statuses);
    }

    /** What a saved bracket holds. */
    record State(int s, int n, int r, int cumulR, int halves, double completedProgress,
                 List<String> all, Map<String, double[]> live, List<String> toUnpause) {
    }

    State save() {
        Map<String, double[]> liveState = new LinkedHashMap<>();
        live.forEach((id, l) -> liveState.put(id, new double[] {l.time, l.score}));
        return new State(s, n, r, cumulR, halves, completedProgress, all.stream().map(TrialView::id).toList(), liveState, List.copyOf(toUnpause));
    }

    /** Restores a saved bracket; {@code trials} maps ids to the trials the runner re-added. */
    void restore(State state, Map<String, TrialView> trials) {
        n = state.n();
        r = state.r();
        cumulR = state.cumulR();
        halves = state.halves();
        completedProgress = state.completedProgress();
        live.clear();
        all.clear();
        state.all().forEach(id -> all.add(HyperBandScheduler.trialFor(trials, id)));
        state.live().forEach((id, v) -> {
            Live l = new Live(HyperBandScheduler.trialFor(trials, id));
            l.time = v[0];
            l.score = v[1];
            live.put(id, l);
        });
        toUnpause.clear();
        toUnpause.addAll(state.toUnpause());
    }
}
