package io.jtune.engine.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class WholeNumberPropertyTest {
    @Test
    void aWholeNumberOfAtLeastOneIsRead() {
        assertEquals(1, WholeNumberProperty.atLeastOne("1"));
        assertEquals(16, WholeNumberProperty.atLeastOne(" 16 "));
    }

    @Test
    void anythingElseIsNull() {
        for (String bad : new String[] {"0", "-3", "1.5", "auto", "", "99999999999"}) {
            assertNull(WholeNumberProperty.atLeastOne(bad), bad);
        }
    }
}
