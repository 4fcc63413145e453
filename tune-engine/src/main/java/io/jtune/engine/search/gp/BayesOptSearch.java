package io.jtune.engine.search.gp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jtune.api.Config;
import io.jtune.engine.search.model.JsonArrays;
import io.jtune.engine.search.model.ModelBasedSearch;
import io.jtune.engine.search.model.Observation;
import io.jtune.engine.search.model.SpaceEncoding;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.random.RandomGenerator;

/**
 * Bayesian optimisation with a Gaussian process (the model behind Ray Tune's
 * {@code BayesOptSearch}), in Java: a Matérn-5/2 GP with one length scale per feature, its
 * hyperparameters (length scales, signal and noise variance) chosen by maximising the log
 * marginal likelihood, fitted to the losses or to compressed losses (see {@link #standardised});
 * an acquisition maximised over {@link AcquisitionCandidates} (uniform points, local
 * perturbations of the best trials and optionally axis moves from them, so the search both polishes and jumps
 * between basins) and local compass refinement of the best ones. The default acquisition is a
 * {@linkplain Acquisition#PORTFOLIO portfolio}: suggestions take turns between EI on the losses,
 * EI on the compressed losses, UCB on the losses and (with axis moves on) a coordinate search, EI on
 * the compressed losses over the best trial with one coordinate redrawn, which takes two of five
 * turns, each view of the losses keeping its
 * own hyperparameters, so neither the polish of compressed losses nor the exploration of UCB is
 * bought with the other's failures, and the coordinate search both polishes along the axes and
 * tries another basin one coordinate at a time. Integers and quantised floats are rounded inside the
 * model (candidates are scored at the value they decode to); choices and grids are one-hot.
 * The cost per suggestion stays bounded: the GP is fitted to at most {@code maxObservations}
 * trials (the best half and a random share of the rest), hyperparameters are fitted to at most
 * 100 of them and only every {@code refitEvery} suggestions once 20 trials are done; between fits
 * the GP's factor is extended with the new trials rather than recomputed. Trials in
 * flight enter the GP at the loss it predicts for them (the kriging believer), after the
 * hyperparameters are fitted to finished trials only, so parallel suggestions spread without a
 * made-up loss distorting the model.
 */
public final class BayesOptSearch extends ModelBasedSearch {
    private static final int ALWAYS_REFIT_BELOW = 20;
    private static final int HYPER_FIT_POINTS = 100;
    private static final int HYPER_FIT_EVALUATIONS = 150;
    private static final int HYPER_RANDOM_STARTS = 2;
    private static final int REFINED = 3;
    private static final double REFINE_STEP = 0.1;
    private static final double REFINE_MIN_STEP = 1e-3;
    private static final long REFIT_SALT = 0x5EED_F17L << 32;

    private static final int TURNS_WITHOUT_AXIS_MOVES = 3;
    private static final Member COORDINATE_SEARCH = new Member(LossView.COMPRESSED, Acquisition.EI, true);
    /** The portfolio's turns in order (the coordinate search has two); without axis moves only the first {@value #TURNS_WITHOUT_AXIS_MOVES} take turns. */
    private static final Member[] PORTFOLIO = {
            new Member(LossView.PLAIN, Acquisition.EI, false), new Member(LossView.COMPRESSED, Acquisition.EI, false),
            new Member(LossView.PLAIN, Acquisition.UCB, false), COORDINATE_SEARCH, COORDINATE_SEARCH};

    private final BayesOptSettings settings;
    /** The one member when the settings name a single acquisition. */
    private final Member single;
    private GpFeatures features;
    /** The GP state per view of the losses: plain ({@link LossView#PLAIN}) and compressed. */
    private final LossView[] views = new LossView[2];
    /** How many of {@link #PORTFOLIO}'s turns are taken. */
    private final int portfolioSize;
    /** The acquisition of the suggestion being made. */
    private Acquisition scoring;

    /** GP-BO with the defaults of {@link BayesOptSettings#defaults()}. */
    public BayesOptSearch() {
        this(BayesOptSettings.defaults(), List.of());
    }

    public BayesOptSearch(BayesOptSettings settings) {
        this(settings, List.of());
    }

    /** @param pointsToEvaluate configs to try first, in order (partial ones are completed at random) */
    public BayesOptSearch(BayesOptSettings settings, List<Config> pointsToEvaluate) {
        super("BayesOptSearch", pointsToEvaluate, settings.seed());
        this.settings = settings;
        this.single = new Member(settings.compressLosses() ? LossView.COMPRESSED : LossView.PLAIN, settings.acquisition(), settings.coordinateSearch());
        this.portfolioSize = settings.axisMoves() ? PORTFOLIO.length : TURNS_WITHOUT_AXIS_MOVES;
    }

    /** The knobs this searcher runs with. */
    public BayesOptSettings settings() {
        return settings;
    }

    @Override
    protected void onSetup(SpaceEncoding encoding) {
        features = new GpFeatures(encoding);
        views[LossView.PLAIN] = new LossView(GpHyperparameters.initial(features.size()));
        views[LossView.COMPRESSED] = new LossView(GpHyperparameters.initial(features.size()));
    }

    @Override
    protected double[] propose(RandomGenerator rng) {
        List<Observation> done = observations();
        if (done.size() < settings.nInitialPoints()) {
            return encoding().sampleRandom(rng);
        }
        List<Observation> train = subsample(done, settings.maxObservations(), rng);
        Member member = settings.acquisition() == Acquisition.PORTFOLIO ? PORTFOLIO[suggestedCount() % portfolioSize] : single;
        LossView view = views[member.view()];
        scoring = member.acquisition();
        double[][] z = new double[train.size()][];
        double[] y = standardised(train, member.view() == LossView.COMPRESSED);
        for (int i = 0; i < z.length; i++) {
            z[i] = features.of(train.get(i).x());
        }
        if (view.fittedAt < 0 || done.size() < ALWAYS_REFIT_BELOW || done.size() - view.fittedAt >= settings.refitEvery()) {
            refit(view, z, y, done.size());
        }
        GaussianProcess gp = GaussianProcess.reusing(view.lastModel, z, y, view.hyper);
        view.lastModel = gp;
        double best = Double.POSITIVE_INFINITY;
        for (double v : y) {
            best = Math.min(best, v);
        }
        List<Observation> running = pending();
        if (!running.isEmpty()) {
            gp = believing(gp, z, y, running, view.hyper);
        }
        return maximiseAcquisition(gp, best, train, member.coordinateSearch(), rng);
    }

    /**
     * The GP with the trials in flight added at the loss it predicts for them (the kriging
     * believer): the model's mean stays where the true trials put it, while its uncertainty at a
     * running trial's point collapses, so the next suggestion goes elsewhere unless the model really
     * expects the best there. A fixed "lie" would put a false loss beside the best points and bend the
     * model around it.
     */
    private GaussianProcess believing(GaussianProcess gp, double[][] z, double[] y, List<Observation> running, GpHyperparameters hyper) {
        int n = z.length;
        double[][] zAll = Arrays.copyOf(z, n + running.size());
        double[] yAll = Arrays.copyOf(y, zAll.length);
        double[] k = new double[n];
        for (int i = 0; i < running.size(); i++) {
            zAll[n + i] = features.of(running.get(i).x());
            yAll[n + i] = gp.mean(zAll[n + i], k);
        }
        return GaussianProcess.reusing(gp, zAll, yAll, hyper);
    }

    private void refit(LossView view, double[][] z, double[] y, int observationCount) {
        RandomGenerator rng = randomFor(REFIT_SALT + observationCount);
        double[][] fz = z;
        double[] fy = y;
        if (z.length > HYPER_FIT_POINTS) {
            fz = new double[HYPER_FIT_POINTS][];
            fy = new double[HYPER_FIT_POINTS];
            int[] pick = rng.ints(0, z.length).distinct().limit(HYPER_FIT_POINTS).toArray();
            for (int i = 0; i < pick.length; i++) {
                fz[i] = z[pick[i]];
                fy[i] = y[pick[i]];
            }
        }
        view.hyper = HyperparameterFit.fit(fz, fy, view.hyper, HYPER_RANDOM_STARTS, HYPER_FIT_EVALUATIONS, rng);
        view.fittedAt = observationCount;
    }

    /**
     * The losses as the GP sees them, scaled to mean 0 and standard deviation 1; with {@code compress},
     * first compressed to {@code log(1 + (loss - best) / (median - best))},
     * which keeps the order, and nearly the differences below the median, while losses far above it
     * (the walls of a wide box) no longer dwarf the small differences near the best.
     */
    static double[] standardised(List<Observation> train, boolean compress) {
        int n = train.size();
        double[] y = new double[n];
        for (int i = 0; i < y.length; i++) {
            y[i] = train.get(i).loss();
        }
        if (compress) {
            double[] sorted = Arrays.copyOf(y, n);
            Arrays.sort(sorted);
            double best = sorted[0];
            double spread = sorted[n / 2] > best ? sorted[n / 2] - best : sorted[n - 1] - best;
            for (int i = 0; i < y.length; i++) {
                y[i] = spread > 0 ? Math.log1p((y[i] - best) / spread) : 0;
            }
        }
        double mean = 0;
        for (int i = 0; i < n; i++) {
            mean += y[i];
        }
        mean /= n;
        double var = 0;
        for (int i = 0; i < n; i++) {
            var += (y[i] - mean) * (y[i] - mean);
        }
        double sd = n > 1 && var > 0 ? Math.sqrt(var / n) : 1;
        for (int i = 0; i < y.length; i++) {
            y[i] = (y[i] - mean) / sd;
        }
        return y;
    }

    /** At most {@code cap} observations: all when fewer, else the best half and a random share of the rest. */
    static List<Observation> subsample(List<Observation> all, int cap, RandomGenerator rng) {
        if (all.size() <= cap) {
            return all;
        }
        List<Observation> sorted = new ArrayList<>(all);
        sorted.sort(Comparator.comparingDouble(Observation::loss));
        int keep = cap / 2;
        List<Observation> out = new ArrayList<>(sorted.subList(0, keep));
        List<Observation> rest = new ArrayList<>(sorted.subList(keep, sorted.size()));
        for (int i = 0; i < cap - keep; i++) {
            int j = i + rng.nextInt(rest.size() - i);
            Observation t = rest.get(i);
            rest.set(i, rest.get(j));
            rest.set(j, t);
            out.add(rest.get(i));
        }
        return out;
    }

    /**
     * The candidate the acquisition scores best after local refinement; with {@code coordinateSearch}
     * every candidate is the best trial with one coordinate redrawn. Exact scores cost O(n^2)
     * each (the predictive variance), so each candidate is first bounded in O(n) with
     * {@link GaussianProcess#sdUpperBound} (the acquisition grows with the standard deviation) and
     * scored exactly only while its bound can still beat the scores it competes with: the choice is
     * the one exact scoring of every candidate would make.
     */
    private double[] maximiseAcquisition(GaussianProcess gp, double best, List<Observation> real, boolean coordinateSearch, RandomGenerator rng) {
        SpaceEncoding encoding = encoding();
        List<Observation> top = new ArrayList<>(real);
        top.sort(Comparator.comparingDouble(Observation::loss));
        int n = settings.candidates();
        double[][] candidates = new double[n][];
        double[][] covariances = new double[n][gp.size()];
        double[] means = new double[n];
        double[] bounds = new double[n];
        for (int i = 0; i < n; i++) {
            candidates[i] = encoding.snap(coordinateSearch
                    ? AcquisitionCandidates.coordinateMove(encoding, top, rng)
                    : AcquisitionCandidates.draw(i, encoding, top, settings.axisMoves(), rng));
            means[i] = gp.mean(features.of(candidates[i]), covariances[i]);
            bounds[i] = acquisition(means[i], gp.sdUpperBound(covariances[i]), best);
        }
        double[] scores = new double[n];
        List<Integer> order = bestCandidates(gp, best, covariances, means, bounds, scores, Math.min(REFINED, n));
        double[] bestX = candidates[order.get(0)];
        double bestScore = scores[order.get(0)];
        for (int r : order) {
            double[] x = candidates[r];
            double s = scores[r];
            double[] k = new double[gp.size()];
            double[] left = null;
            for (double step = REFINE_STEP; step >= REFINE_MIN_STEP; ) {
                boolean moved = false;
                for (int j = 0; j < x.length; j++) {
                    if (encoding.dimension(j).isCategorical()) {
                        continue;
                    }
                    for (double dir : new double[]{step, -step}) {
                        double[] t = x.clone();
                        t[j] = Math.max(0, Math.min(1, x[j] + dir));
                        t = encoding.snap(t);
                        if (java.util.Arrays.equals(t, left)) {
                            continue; // the point just left: its score is below s
                        }
                        double ts = scoreIfAbove(gp, t, best, s, k);
                        if (ts > s) {
                            left = x;
                            x = t;
                            s = ts;
                            moved = true;
                        }
                    }
                }
                if (!moved) {
                    step /= 2;
                }
            }
            if (s > bestScore) {
                bestScore = s;
                bestX = x;
            }
        }
        return bestX;
    }

    /**
     * The {@code count} candidates of the highest exact score, best first (ties: lower index first),
     * scoring exactly (into {@code scores}) in the order of their bounds until no bound left reaches the
     * count-th best score; a solve stops as soon as its partial bound falls below that score (the
     * candidate could not have joined the leaders, so the result is the one full scoring would give).
     */
    private List<Integer> bestCandidates(GaussianProcess gp, double best, double[][] covariances, double[] means, double[] bounds,
                                         double[] scores, int count) {
        Integer[] byBound = new Integer[bounds.length];
        for (int i = 0; i < byBound.length; i++) {
            byBound[i] = i;
        }
        java.util.Arrays.sort(byBound, (a, b) -> Double.compare(bounds[b], bounds[a]));
        List<Integer> scored = new ArrayList<>();
        PriorityQueue<Double> leaders = new PriorityQueue<>();
        for (int i : byBound) {
            if (leaders.size() == count && bounds[i] < leaders.peek()) {
                break;
            }
            double floor = leaders.size() < count ? Double.NEGATIVE_INFINITY : leaders.peek();
            double mean = means[i];
            double sd = gp.sdUnlessBelow(covariances[i], bound -> acquisition(mean, bound, best) >= floor);
            if (Double.isNaN(sd)) {
                continue;
            }
            scores[i] = acquisition(mean, sd, best);
            scored.add(i);
            leaders.add(scores[i]);
            if (leaders.size() > count) {
                leaders.poll();
            }
        }
        scored.sort((a, b) -> scores[a] != scores[b] ? Double.compare(scores[b], scores[a]) : Integer.compare(a, b));
        return scored.subList(0, count);
    }

    /** The exact score of {@code x}, or minus infinity when its bound shows it cannot exceed {@code floor}. */
    private double scoreIfAbove(GaussianProcess gp, double[] x, double best, double floor, double[] k) {
        double mean = gp.mean(features.of(x), k);
        if (acquisition(mean, gp.sdUpperBound(k), best) <= floor) {
            return Double.NEGATIVE_INFINITY;
        }
        double sd = gp.sdUnlessBelow(k, bound -> acquisition(mean, bound, best) > floor);
        return Double.isNaN(sd) ? Double.NEGATIVE_INFINITY : acquisition(mean, sd, best);
    }

    private double acquisition(double mean, double sd, double best) {
        return scoring.score(mean, sd, best, settings.xi(), settings.kappa());
    }

    @Override
    protected void saveModel(ObjectNode model) {
        for (int v = 0; v < views.length; v++) {
            ObjectNode view = model.putObject(LossView.NAMES[v]);
            view.put("fittedAt", views[v].fittedAt);
            JsonArrays.put(view, "hyperparameters", views[v].hyper.toLog());
        }
    }

    /** Restores both views; a state saved before views existed holds the one view its settings used, at the top level. */
    @Override
    protected void restoreModel(JsonNode model) {
        if (model.has("hyperparameters")) {
            restoreView(views[single.view()], model);
            return;
        }
        for (int v = 0; v < views.length; v++) {
            restoreView(views[v], model.path(LossView.NAMES[v]));
        }
    }

    private void restoreView(LossView view, JsonNode saved) {
        view.fittedAt = saved.path("fittedAt").asInt(-1);
        JsonNode log = saved.path("hyperparameters");
        if (log.size() == features.size() + 2) {
            view.hyper = GpHyperparameters.fromLog(JsonArrays.doubles(log));
        }
    }

    /**
     * A portfolio member: which view of the losses the GP is fitted to, how its predictions are scored,
     * and whether its candidates are the best trial with one coordinate redrawn (a coordinate search).
     */
    private record Member(int view, Acquisition acquisition, boolean coordinateSearch) {
    }

    /**
     * A GP's view of the losses, plain or compressed, with the hyperparameters last fitted to it,
     * when, and the last GP built on it (whose factor the next one extends while the hyperparameters
     * and the leading trials stay).
     */
    private static final class LossView {
        static final int PLAIN = 0;
        static final int COMPRESSED = 1;
        static final String[] NAMES = {"plain", "compressed"};

        GpHyperparameters hyper;
        int fittedAt = -1;
        GaussianProcess lastModel;

        LossView(GpHyperparameters hyper) {
            this.hyper = hyper;
        }
    }
}
