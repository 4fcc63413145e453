package io.jtune.engine.trial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.api.ResourceRequest;
import io.jtune.engine.TestTrialView;
import io.jtune.engine.runner.history.ColumnarHistory;
import io.jtune.engine.spec.CheckpointPolicy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
class TrialLocalTest {

    private static Trial trial(String id) {
        return new Trial(id, 0, "T_", "T_" + id, "0", Config.empty(), ResourceRequest.DEFAULT, Path.of("x"), CheckpointPolicy.NONE,
                trial -> new ColumnarHistory(new ColumnarHistory.KeyLists()));
    }

    @Test
    void eachKeyKeepsItsOwnValueOnEachTrial() {
        TrialLocal<String> first = new TrialLocal<>();
        TrialLocal<Integer> second = new TrialLocal<>();
        TrialLocal<String> third = new TrialLocal<>();
        Trial a = trial("a");
        Trial b = trial("b");
        first.set(a, "a1");
        second.set(a, 2);
        third.set(a, "a3");
        first.set(b, "b1");
        assertEquals("a1", first.get(a));
        assertEquals(2, second.get(a));
        assertEquals("a3", third.get(a));
        assertEquals("b1", first.get(b));
        assertNull(second.get(b));

        first.set(a, "a1 again");
        second.remove(a);
        assertEquals("a1 again", first.get(a));
        assertNull(second.get(a));
        assertEquals("a3", third.get(a), "removing one key leaves the others");
        second.set(a, 4);
        assertEquals(4, second.get(a), "a removed key's place is taken again");
        assertEquals("a3", third.get(a));
    }

    @Test
    void aTrialMakesRoomForMoreValuesAsTheyCome() {
        Trial a = trial("a");
        List<TrialLocal<Integer>> locals = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            TrialLocal<Integer> local = new TrialLocal<>();
            local.set(a, i);
            locals.add(local);
        }
        for (int i = 0; i < 10; i++) {
            assertEquals(i, locals.get(i).get(a));
        }
        assertTrue(a.localPairs() >= 10);
    }

    @Test
    void aTrialWhoseValuesAreAllRemovedHoldsNone() {
        TrialLocal<String> first = new TrialLocal<>();
        TrialLocal<String> second = new TrialLocal<>();
        Trial a = trial("a");
        first.set(a, "1");
        second.set(a, "2");
        first.remove(a);
        second.remove(a);
        second.remove(a);
        assertNull(first.get(a));
        assertNull(second.get(a));
        assertEquals(0, a.localPairs(), "the pairs are freed with the last value");
    }

    @Test
    void aViewThatIsNotTheEnginesTrialKeepsItsValueByItsId() {
        TrialLocal<String> local = new TrialLocal<>();
        local.set(view("x"), "x's");
        assertEquals("x's", local.get(view("x")), "another view of the same trial id");
        assertNull(local.get(view("y")));
        local.remove(view("x"));
        assertNull(local.get(view("x")));
    }

    private static TestTrialView view(String id) {
        return new TestTrialView(id, Config.empty(), null);
    }
}
