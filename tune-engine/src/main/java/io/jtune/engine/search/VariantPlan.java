package io.jtune.engine.search;

import io.jtune.api.Config;
import io.jtune.api.space.Domain;
import io.jtune.api.space.FunctionDomain;
import io.jtune.api.space.GridDomain;
import io.jtune.api.space.SearchSpace;
import io.jtune.engine.log.LazyLogger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * The variants of a search space as Ray Tune's variant generator orders them: first one block per
 * point to evaluate, then {@code numSamples - points} blocks of the whole grid. A block crosses the
 * grid dimensions it leaves open; as in Ray, grid dimensions are taken in the order of their sorted
 * paths and the first one varies fastest. Random dimensions are drawn in declaration order, then
 * sample-from functions are resolved in declaration order, each seeing the config resolved so far.
 * Conditional entries whose condition does not hold are left out (before the functions run).
 */
final class VariantPlan {
    private static final LazyLogger LOG = new LazyLogger(VariantPlan.class);

    private final SearchSpace space;
    private final Map<String, Object> leaves;
    private final List<String> functionPaths;
    private final List<Block> pointBlocks;
    private final long pointVariants;
    private final Block gridBlock;
    private final long gridSamples;

    /** One sample of the space: preset values (paths as given) and the grid dimensions left to cross. */
    private record Block(Map<String, Object> presets, Map<String, String> coveredBy, List<String> grids, List<GridDomain> gridDomains, long size) {
    }

    private VariantPlan(SearchSpace space, List<Config> points, int numSamples) {
        this.space = space;
        this.leaves = space.flatten();
        List<String> functions = new ArrayList<>();
        for (Map.Entry<String, Object> e : leaves.entrySet()) {
            if (e.getValue() instanceof FunctionDomain) {
                functions.add(e.getKey());
            }
        }
        this.functionPaths = List.copyOf(functions);
        this.gridBlock = block(Map.of());
        this.pointBlocks = new ArrayList<>();
        long count = 0;
        for (int i = 0; i < points.size(); i++) {
            Block b = block(presets(points.get(i), i));
            pointBlocks.add(b);
            count = Math.addExact(count, b.size());
        }
        this.pointVariants = count;
        this.gridSamples = numSamples < 0 ? -1 : Math.max(0, numSamples - points.size());
    }

    /**
     * The plan for a space; {@code numSamples} is Ray's {@code num_samples} (each point uses one
     * sample), -1 for no limit.
     */
    static VariantPlan of(SearchSpace space, List<Config> points, int numSamples) {
        return new VariantPlan(space, points, numSamples);
    }

    /** How many variants there are, or -1 when unlimited. */
    long total() {
        return gridSamples < 0 ? -1 : Math.addExact(pointVariants, Math.multiplyExact(gridSamples, gridBlock.size()));
    }

    /** Variant number {@code index} (from 0), drawing its random values from {@code rng}. */
    Config variant(long index, RandomGenerator rng) {
        if (index < pointVariants) {
            long offset = index;
            for (Block b : pointBlocks) {
                if (offset < b.size()) {
                    return resolve(b, offset, rng);
                }
                offset -= b.size();
            }
        }
        return resolve(gridBlock, (index - pointVariants) % gridBlock.size(), rng);
    }

    private Config resolve(Block block, long gridIndex, RandomGenerator rng) {
        Map<String, Object> gridValues = block.grids().isEmpty() ? Map.of() : new HashMap<>();
        long rest = gridIndex;
        for (int i = 0; i < block.grids().size(); i++) {
            List<Object> values = block.gridDomains().get(i).values();
            gridValues.put(block.grids().get(i), values.get((int) (rest % values.size())));
            rest /= values.size();
        }
        Map<String, Object> sampled = new LinkedHashMap<>();
        Config noneYet = Config.empty();
        for (Map.Entry<String, Object> e : leaves.entrySet()) {
            String path = e.getKey();
            Object leaf = e.getValue();
            String preset = block.coveredBy().get(path);
            if (preset != null) {
                sampled.putIfAbsent(preset, block.presets().get(preset));
            } else if (leaf instanceof GridDomain) {
                sampled.put(path, gridValues.get(path));
            } else if (leaf instanceof FunctionDomain) {
                sampled.put(path, null); // keeps the declared position; resolved below
            } else if (leaf instanceof Domain d) {
                sampled.put(path, d.sample(rng, noneYet));
            } else {
                sampled.put(path, leaf);
            }
        }
        Map<String, Object> resolved = space.isConditional() ? space.activeOnly(sampled) : sampled;
        if (functionPaths.isEmpty()) {
            return Config.unflatten(resolved);
        }
        List<String> functions = new ArrayList<>();
        for (String p : functionPaths) {
            if (!block.coveredBy().containsKey(p) && resolved.containsKey(p)) {
                functions.add(p);
            }
        }
        for (int i = 0; i < functions.size(); i++) {
            Map<String, Object> soFar = new LinkedHashMap<>(resolved);
            soFar.keySet().removeAll(functions.subList(i, functions.size()));
            String path = functions.get(i);
            resolved.put(path, ((FunctionDomain) leaves.get(path)).sample(rng, Config.unflatten(soFar)));
        }
        return Config.unflatten(resolved);
    }

    private Block block(Map<String, Object> presets) {
        Map<String, String> coveredBy = new HashMap<>();
        for (String preset : presets.keySet()) {
            for (String leaf : leaves.keySet()) {
                if (covers(preset, leaf)) {
                    coveredBy.put(leaf, preset);
                }
            }
        }
        List<String> grids = new ArrayList<>();
        for (Map.Entry<String, Object> e : leaves.entrySet()) {
            if (e.getValue() instanceof GridDomain && !coveredBy.containsKey(e.getKey())) {
                grids.add(e.getKey());
            }
        }
        if (grids.size() > 1) {
            grids.sort(VariantPlan::byPathParts);
        }
        List<GridDomain> domains = new ArrayList<>(grids.size());
        long size = 1;
        for (String g : grids) {
            GridDomain d = (GridDomain) leaves.get(g);
            domains.add(d);
            size = Math.multiplyExact(size, d.values().size());
        }
        return new Block(presets, coveredBy, List.copyOf(grids), List.copyOf(domains), size);
    }

    private Map<String, Object> presets(Config point, int index) {
        Map<String, Object> presets = point.flatten();
        presets.forEach((path, value) -> {
            if (leaves.keySet().stream().noneMatch(leaf -> covers(path, leaf))) {
                throw new IllegalArgumentException("pointsToEvaluate[" + index + "] sets '" + path + "', which is not in the search space (its parameters are "
                        + leaves.keySet() + "); add '" + path + "' to the space or remove it from the point");
            }
            if (leaves.get(path) instanceof Domain d && !d.contains(value)) {
                LOG.get().warn("pointsToEvaluate[{}] sets '{}' to {}, which its domain {} cannot produce; evaluating it anyway", index, path, value, d);
            }
        });
        return presets;
    }

    private static int byPathParts(String a, String b) {
        return Arrays.compare(a.split(Config.PATH_SEPARATOR), b.split(Config.PATH_SEPARATOR));
    }

    private static boolean covers(String preset, String leaf) {
        return leaf.equals(preset) || leaf.startsWith(preset + Config.PATH_SEPARATOR);
    }
}
