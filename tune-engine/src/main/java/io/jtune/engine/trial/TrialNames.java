package io.jtune.engine.trial;

import io.jtune.api.Config;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * Ray Tune's naming: trial ids {@code <5 hex of the experiment>_<5-digit index>}, experiment tags
 * {@code <index>_<k=v,...>} from the sampled values (sorted by path, keyed by the last path part,
 * floats to four significant digits, other values stripped of characters unsafe in file names),
 * and trial names {@code <trainable>_<trial_id>_<tag>} made safe for file names and capped at
 * 130 characters (Ray Tune's {@code TUNE_MAX_LEN_IDENTIFIER}).
 */
public final class TrialNames {
    static final int MAX_NAME_LENGTH = 130;
    /** Characters besides letters and digits kept in a tag's values. */
    private static final String VALUE_PUNCTUATION = "_-";
    /** Characters besides letters and digits kept in a trial's name. */
    private static final String NAME_PUNCTUATION = "_.=,+-";

    private TrialNames() {
    }

    /** Five random hex digits naming one experiment's trials. */
    public static String experimentPrefix(RandomGenerator random) {
        String hex = Integer.toHexString(random.nextInt(1 << 20));
        return "00000".substring(hex.length()) + hex;
    }

    /** {@code <prefix>_<index in at least five digits>}. */
    public static String trialId(String prefix, int index) {
        String digits = Integer.toString(index);
        StringBuilder id = new StringBuilder(prefix.length() + 6 + digits.length()).append(prefix).append('_');
        for (int i = digits.length(); i < 5; i++) {
            id.append('0');
        }
        return id.append(digits).toString();
    }

    /**
     * The tag of trial {@code index}: its values at {@code tagPaths}, the sampled paths sorted
     * ({@link io.jtune.engine.runner.state.ExperimentSnapshot#spaceParameters}; every leaf, sorted by path, when that is empty, as
     * for configs a searcher makes up). A path missing from the config or holding a nested config
     * with values is left out.
     */
    public static String experimentTag(int index, Config config, List<String> tagPaths) {
        StringBuilder tag = new StringBuilder().append(index);
        int start = tag.length();
        if (tagPaths.isEmpty()) {
            Map<String, Object> leaves = config.flatten();
            List<String> paths = new ArrayList<>(leaves.keySet());
            paths.sort(null);
            for (String path : paths) {
                appendValue(tag, start, path, leaves.get(path));
            }
        } else {
            for (String path : tagPaths) {
                if (config.has(path)) {
                    Object value = config.get(path);
                    if (!(value instanceof Config nested) || nested.isEmpty()) {
                        appendValue(tag, start, path, value);
                    }
                }
            }
        }
        return tag.toString();
    }

    /** {@code _key=value} after the index at {@code start}, {@code ,key=value} after another value; the key is the path's last part. */
    private static void appendValue(StringBuilder tag, int start, String path, Object value) {
        tag.append(tag.length() == start ? '_' : ',')
                .append(clean(path.substring(path.lastIndexOf(Config.PATH_SEPARATOR) + 1)))
                .append('=')
                .append(formatValue(value));
    }

    static String formatValue(Object value) {
        if (value instanceof Double || value instanceof Float) {
            return FourDigits.format(((Number) value).doubleValue());
        }
        return clean(String.valueOf(value));
    }

    private static String clean(String text) {
        String cleaned = safe(text, VALUE_PUNCTUATION);
        int start = 0;
        int end = cleaned.length();
        while (start < end && cleaned.charAt(start) == '_') {
            start++;
        }
        while (end > start && cleaned.charAt(end - 1) == '_') {
            end--;
        }
        return cleaned.substring(start, end);
    }

    /** How the names of the trials of an experiment with this trainable and trial-id prefix begin. */
    public static String namePrefix(String trainable, String idPrefix) {
        return safe(trainable + '_' + idPrefix + '_', NAME_PUNCTUATION);
    }

    /** The index in the trial name {@code name} that begins with {@code namePrefix} (see {@link #namePrefix}), or -1 when it has none. */
    public static int indexIn(String name, String namePrefix) {
        int start = namePrefix.length();
        int end = start;
        while (end < name.length() && end - start < 9 && name.charAt(end) >= '0' && name.charAt(end) <= '9') {
            end++;
        }
        boolean endsThere = end == name.length() || name.charAt(end) == '_';
        return end > start && endsThere && name.startsWith(namePrefix) ? Integer.parseInt(name, start, end, 10) : -1;
    }

    /** How the names of a trainable's trials begin, {@code <trainable>_} made safe: worked out once an experiment. */
    public static String trainablePrefix(String trainable) {
        return safe(trainable + '_', NAME_PUNCTUATION);
    }

    /**
     * {@code <trainable>_<trial_id>_<tag>} from {@link #trainablePrefix}, safe as a folder name, at
     * most {@value #MAX_NAME_LENGTH} characters. The tag, made by {@link #experimentTag}, is safe
     * already (its keys and values are cleaned, its numbers hold digits, {@code .-+e} and the letters
     * of NaN and Infinity), and a run of unsafe characters cannot reach across the '_' after the
     * trainable or the id, so only the id is made safe here.
     */
    public static String trialName(String trainablePrefix, String trialId, String tag) {
        String name = trainablePrefix.concat(safe(trialId + '_', NAME_PUNCTUATION)).concat(tag);
        return name.length() <= MAX_NAME_LENGTH ? name : name.substring(0, MAX_NAME_LENGTH);
    }

    /** {@code text} with each run of characters other than ASCII letters, digits and {@code punctuation} replaced by one '_'. */
    private static String safe(String text, String punctuation) {
        int first = 0;
        while (first < text.length() && isSafe(text.charAt(first), punctuation)) {
            first++;
        }
        if (first == text.length()) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length()).append(text, 0, first);
        boolean inRun = false;
        for (int i = first; i < text.length(); i++) {
            char c = text.charAt(i);
            if (isSafe(c, punctuation)) {
                out.append(c);
                inRun = false;
            } else if (!inRun) {
                out.append('_');
                inRun = true;
            }
        }
        return out.toString();
    }

    private static boolean isSafe(char c, String punctuation) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || punctuation.indexOf(c) >= 0;
    }
}
