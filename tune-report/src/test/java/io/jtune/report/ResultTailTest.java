package io.jtune.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jtune.api.Result;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class ResultTailTest {
    @Test
    void holdsTheLatestResultsOldestFirstOnceFull() {
        ResultTail tail = new ResultTail();
        assertEquals(List.of(), tail.recent());
        for (long i = 1; i <= 5; i++) {
            tail.add(result(i));
        }
        assertEquals(LongStream.rangeClosed(1, 5).boxed().toList(), iterations(tail.recent()));
        for (long i = 6; i <= 2_500; i++) {
            tail.add(result(i));
        }
        assertEquals(LongStream.rangeClosed(2_501 - ResultTail.CAPACITY, 2_500).boxed().toList(), iterations(tail.recent()));
    }

    private static Result result(long iteration) {
        return Result.of(Map.of(Result.TRAINING_ITERATION, iteration));
    }

    private static List<Long> iterations(List<Result> results) {
        return results.stream().map(Result::trainingIteration).toList();
    }
}
