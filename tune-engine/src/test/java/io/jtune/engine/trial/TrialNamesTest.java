package io.jtune.engine.trial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class TrialNamesTest {

    @Test
    void trialIdsAreFiveHexDigitsAndAFiveDigitIndex() {
        String prefix = TrialNames.experimentPrefix(new SplittableRandom(3));
        assertTrue(prefix.matches("[0-9a-f]{5}"), prefix);
        assertEquals(prefix + "_00042", TrialNames.trialId(prefix, 42));
    }

    @Test
    void theTagListsTheSampledValuesSortedByPathWithTheirLastKey() {
        Map<String, Object> model = new LinkedHashMap<>();
        model.put("units", 64);
        model.put("lr", 0.0012344);
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("model", model);
        values.put("activation", "relu/x y");
        values.put("constant", 5);
        Config config = Config.of(values);
        String tag = TrialNames.experimentTag(3, config, List.of("activation", "model/lr", "model/units"));
        assertEquals("3_activation=relu_x_y,lr=0.001234,units=64", tag);
        assertEquals("0_activation=relu_x_y,constant=5,lr=0.001234,units=64", TrialNames.experimentTag(0, config, List.of()),
                "without a space every leaf is listed, as for a searcher's configs");
        assertEquals("7", TrialNames.experimentTag(7, Config.empty(), List.of()));
        assertEquals("4_lr=0.001234", TrialNames.experimentTag(4, config, List.of("missing", "model", "model/lr")),
                "a sampled path the config lacks, or one holding a nested config, is left out");
    }

    @Test
    void namesAreSafeForFileSystemsAndCapped() {
        String tag = TrialNames.experimentTag(1, Config.of(Map.of("a", "x/y")), List.of());
        assertEquals("My_Trainable_abcde_00001_1_a=x_y", TrialNames.trialName(TrialNames.trainablePrefix("My Trainable"), "abcde_00001", tag));
        String longTag = "1_" + "k=0.5,".repeat(40);
        String name = TrialNames.trialName(TrialNames.trainablePrefix("T"), "abcde_00001", longTag);
        assertEquals(TrialNames.MAX_NAME_LENGTH, name.length());
        assertTrue(name.startsWith("T_abcde_00001_1_k=0.5,"));
    }

    @Test
    void namesAndTagsReplaceRunsOfUnsafeCharactersAsTheRegularExpressionsDid() {
        SplittableRandom random = new SplittableRandom(3);
        String alphabet = "aZ09_-.=,+ /\\:é\u00e9\ud83d\ude00*";
        for (int i = 0; i < 5_000; i++) {
            StringBuilder text = new StringBuilder();
            for (int n = random.nextInt(12); n > 0; n--) {
                text.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            String trainable = text.toString();
            String tag = TrialNames.experimentTag(1, Config.of(Map.of("x", trainable)), List.of());
            String name = TrialNames.trialName(TrialNames.trainablePrefix(trainable), "abcde_00001", tag);
            String expected = java.util.regex.Pattern.compile("[^a-zA-Z0-9_.=,+-]+").matcher(trainable + "_abcde_00001_" + tag).replaceAll("_");
            assertEquals(expected.length() <= TrialNames.MAX_NAME_LENGTH ? expected : expected.substring(0, TrialNames.MAX_NAME_LENGTH), name, trainable);
            String value = java.util.regex.Pattern.compile("[^a-zA-Z0-9_-]+").matcher(trainable).replaceAll("_").replaceAll("^_+|_+$", "");
            assertEquals(value, TrialNames.formatValue(trainable), trainable);
        }
        assertEquals("abcde_00042", TrialNames.trialId("abcde", 42));
        assertEquals("abcde_123456", TrialNames.trialId("abcde", 123_456));
    }

    /** trialName leaves the tag as it is: every tag experimentTag makes must be safe in a name already. */
    @Test
    void tagsAreSafeInNamesWhateverTheValues() {
        SplittableRandom random = new SplittableRandom(11);
        java.util.regex.Pattern unsafe = java.util.regex.Pattern.compile("[^a-zA-Z0-9_.=,+-]");
        String alphabet = "aZ09_-.=,+ /\\:\u00e9\ud83d\ude00*";
        for (int i = 0; i < 5_000; i++) {
            StringBuilder key = new StringBuilder("k");
            for (int n = random.nextInt(6); n > 0; n--) {
                key.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            Object value = switch (random.nextInt(5)) {
                case 0 -> Double.longBitsToDouble(random.nextLong());
                case 1 -> random.nextDouble() * Math.pow(10, random.nextInt(-30, 30));
                case 2 -> random.nextLong();
                case 3 -> List.of(key.toString(), random.nextInt());
                default -> key.reverse().toString();
            };
            Map<String, Object> values = new LinkedHashMap<>();
            values.put(key.toString(), value);
            values.put("nested/" + key, random.nextBoolean());
            String tag = TrialNames.experimentTag(random.nextInt(100_000), Config.unflatten(values), List.of());
            assertTrue(!unsafe.matcher(tag).find(), tag);
        }
        for (double special : new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE, -Double.MAX_VALUE}) {
            String tag = TrialNames.experimentTag(0, Config.of(Map.of("x", special)), List.of());
            assertTrue(!unsafe.matcher(tag).find(), tag);
        }
    }
}
