package io.jtune.report;

import io.jtune.api.Result;
import java.util.ArrayList;
import java.util.List;

/**
 * The latest {@value #CAPACITY} results of a trial's run, newest last: a ring the driver thread
 * writes (a plain store and a volatile write per result, no allocation) and the server's threads
 * read, so the API serves results the logger has not written to {@code result.json} yet.
 */
final class ResultTail {
    static final int CAPACITY = 1024;
    private static final int MASK = CAPACITY - 1;

    private final Result[] ring = new Result[CAPACITY];
    /** Results added, as the driver knows it. */
    private long added;
    /** Results added, as readers see it: written after the slot, so a reader that sees it sees the slot. */
    private volatile long published;

    /** Driver thread: appends a result, overwriting the oldest when full. */
    void add(Result result) {
        ring[(int) (added & MASK)] = result;
        published = ++added;
    }

    /** Any thread: the results held now, oldest first (a slot the driver overwrote while it was read is left out). */
    List<Result> recent() {
        long end = published;
        long start = Math.max(0, end - CAPACITY);
        List<Result> copy = new ArrayList<>((int) (end - start));
        for (long i = start; i < end; i++) {
            copy.add(ring[(int) (i & MASK)]);
        }
        long overwritten = published - CAPACITY;
        return overwritten > start ? copy.subList((int) Math.min(copy.size(), overwritten - start), copy.size()) : copy;
    }
}
