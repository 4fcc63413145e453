package io.jtune.engine.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.jtune.engine.exec.RunAhead;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The driver's answers: at once without a buffer; with one, gathered into one continue per half buffer, and sent before anything else. */
class GatheredContinuesTest {
    private final List<Command.Continue> sent = new ArrayList<>();
    private final GatheredContinues continues = new GatheredContinues(sent::add);

    @Test
    void aRunWithoutABufferIsAnsweredAtOnce() {
        continues.answer("a", RunAhead.NONE);
        continues.answer("a", RunAhead.NONE);
        assertEquals(List.of(new Command.Continue("a", 1), new Command.Continue("a", 1)), sent);
    }

    @Test
    void aBufferedRunGetsOneContinuePerHalfBuffer() {
        RunAhead eight = new RunAhead(8, 0);
        for (int i = 0; i < 9; i++) {
            continues.answer("b", eight);
        }
        assertEquals(List.of(new Command.Continue("b", 4), new Command.Continue("b", 4)), sent, "the ninth answer waits");
        continues.flush("b");
        continues.flush("b");
        assertEquals(new Command.Continue("b", 1), sent.get(2));
        assertEquals(3, sent.size(), "a flush with nothing gathered sends nothing");
    }

    @Test
    void everyTrialsAnswersGoOutBeforeTheDriverWaitsAndADroppedRunsNever() {
        RunAhead four = new RunAhead(4, 0);
        continues.answer("c", four);
        continues.answer("d", four);
        continues.answer("e", four);
        continues.drop("e");
        continues.flushAll();
        assertEquals(2, sent.size());
        assertEquals(List.of("c", "d"), sent.stream().map(Command.Continue::trialId).sorted().toList());
        continues.flushAll();
        assertEquals(2, sent.size());
    }

    @Test
    void aContinueAnswersAtLeastOneResultAndCrossesAsJson() {
        assertThrows(IllegalArgumentException.class, () -> new Command.Continue("f", 0));
        Command.Continue three = new Command.Continue("f", 3);
        assertEquals(three, WireFormat.readCommand(WireFormat.write(three)));
    }
}
