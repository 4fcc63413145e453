package io.jtune.engine.output;

import static io.jtune.engine.output.JsonLoggerCallbackTest.result;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jtune.api.Config;
import io.jtune.api.Mode;
import io.jtune.api.TrialStatus;
import io.jtune.api.space.SearchSpace;
import io.jtune.api.spi.ExperimentInfo;
import io.jtune.engine.TestTrialView;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ProgressReporterTest {
    private static final String NL = System.lineSeparator();
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final AtomicLong now = new AtomicLong();

    private ProgressReporter reporter(boolean terminal) {
        ProgressReporter r = new ProgressReporter(new PrintStream(bytes, true, StandardCharsets.UTF_8), Duration.ofSeconds(10), terminal, now::get);
        SearchSpace space = SearchSpace.builder().loguniform("lr", 1e-4, 1e-1).grid("units", 32, 64).constant("epochs", 3).build();
        r.setup(new ExperimentInfo("exp", Path.of("exp"), "loss", Mode.MIN, space, 1));
        return r.metricColumns("acc").executor(() -> 2, () -> null);
    }

    private String printed() {
        String s = bytes.toString(StandardCharsets.UTF_8);
        bytes.reset();
        return s;
    }

    private static TestTrialView trial(String id, double lr, int units) {
        return new TestTrialView(id, Config.of(java.util.Map.of("lr", lr)).with("units", units).with("epochs", 3), null);
    }

    private void at(long seconds) {
        now.set(TimeUnit.SECONDS.toNanos(seconds));
    }

    @Test
    void printsPlainTablesAtMostOncePerIntervalAndAlwaysAtTheEnd() {
        ProgressReporter reporter = reporter(false);
        TestTrialView t1 = trial("t1", 0.01, 32).status(TrialStatus.RUNNING);
        TestTrialView t2 = trial("t2", 0.000123456789, 64);
        TestTrialView t3 = trial("t3", 0.05, 32);

        reporter.onTrialAdd(t1);
        assertEquals("", printed(), "adding a trial prints nothing: the first table comes when one starts");
        reporter.onTrialStart(t1);
        assertEquals(String.join(NL,
                "== Status ==",
                "running for 00:00:00, 1/2 CPUs in use",
                "0 done / 1 running / 0 pending (0 paused, 0 errored)",
                "+------------+---------+------+-------+------+-----+------+----------------+",
                "| Trial name | status  |   lr | units | loss | acc | iter | total time (s) |",
                "|------------+---------+------+-------+------+-----+------+----------------|",
                "| train_t1   | RUNNING | 0.01 |    32 |      |     |      |                |",
                "+------------+---------+------+-------+------+-----+------+----------------+",
                "", ""), printed());

        at(1);
        reporter.onTrialAdd(t2);
        t1.lastResult(result("loss", 0.5, "acc", 0.75, "training_iteration", 1, "time_total_s", 1.25));
        reporter.onTrialResult(t1, t1.lastResult());
        assertEquals("", printed(), "within the interval nothing is printed");

        at(10);
        t2.status(TrialStatus.RUNNING).lastResult(result("loss", 0.25, "training_iteration", 2, "time_total_s", 1234567.0));
        reporter.onTrialResult(t2, t2.lastResult());
        assertEquals(String.join(NL,
                "== Status ==",
                "running for 00:00:10, 2/2 CPUs in use",
                "0 done / 2 running / 0 pending (0 paused, 0 errored), best loss=0.25 (trial train_t2, last result)",
                "+------------+---------+-------------+-------+------+------+------+----------------+",
                "| Trial name | status  |          lr | units | loss |  acc | iter | total time (s) |",
                "|------------+---------+-------------+-------+------+------+------+----------------|",
                "| train_t1   | RUNNING |        0.01 |    32 |  0.5 | 0.75 |    1 |           1.25 |",
                "| train_t2   | RUNNING | 0.000123457 |    64 | 0.25 |      |    2 |    1.23457e+06 |",
                "+------------+---------+-------------+-------+------+------+------+----------------+",
                "", ""), printed());

        at(11);
        t1.status(TrialStatus.TERMINATED);
        reporter.onTrialComplete(t1);
        t2.status(TrialStatus.ERROR);
        reporter.onTrialError(t2, new RuntimeException());
        assertEquals("", printed());
        reporter.onExperimentEnd(List.of(t1, t2, t3));
        String last = printed();
        assertTrue(last.startsWith("== Status ==" + NL + "running for 00:00:11, 0/2 CPUs in use" + NL
                + "1 done / 0 running / 1 pending (0 paused, 1 errored), best loss=0.25 (trial train_t2, last result)" + NL), last);
        assertTrue(last.contains("| train_t1   | TERMINATED |        0.01 |    32 |  0.5 | 0.75 |    1 |           1.25 |"), last);
        assertTrue(last.contains("| train_t2   | ERROR      | 0.000123457 |    64 | 0.25 |      |    2 |    1.23457e+06 |"), last);
        assertTrue(last.contains("| train_t3   | PENDING    |        0.05 |    32 |      |      |      |                |"), last);
    }

    @Test
    void onATerminalRedrawsInPlace() {
        ProgressReporter reporter = reporter(true);
        TestTrialView t1 = trial("t1", 0.01, 32).status(TrialStatus.RUNNING);
        reporter.onTrialStart(t1);
        String first = printed();
        assertTrue(first.startsWith("== Status ==" + NL), first);
        assertEquals(8, first.split(NL).length);

        at(10);
        t1.lastResult(result("loss", Double.NaN, "training_iteration", 1));
        reporter.onTrialResult(t1, t1.lastResult());
        String second = printed();
        assertTrue(second.startsWith("\u001b[8A\r\u001b[J== Status ==" + NL + "running for 00:00:10, 1/2 CPUs in use" + NL
                + "0 done / 1 running / 0 pending (0 paused, 0 errored)" + NL), second);
        assertTrue(second.contains("|  nan |"), "NaN is shown as it is but is never the best: " + second);

        t1.status(TrialStatus.TERMINATED);
        reporter.onExperimentEnd(List.of(t1));
        assertTrue(printed().startsWith("\u001b[8A\r\u001b[J== Status ==" + NL + "running for 00:00:10, 0/2 CPUs in use" + NL + "1 done / 0 running / 0 pending"),
                "the final table replaces the last one");
    }

    @Test
    void liveTablesShowAtMostTwentyRowsSharedFairlyAmongTheStatusesAndTheFinalOneEveryTrial() {
        ProgressReporter reporter = reporter(false);
        List<TestTrialView> all = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            all.add(trial("t" + i, 0.01, 32).status(i % 8 == 0 ? TrialStatus.RUNNING : TrialStatus.TERMINATED));
        }
        all.forEach(reporter::onTrialAdd);
        reporter.onTrialStart(all.get(0));

        String out = printed();
        assertTrue(out.contains("21 done / 4 running / 0 pending"), out);
        assertEquals(20, out.lines().filter(l -> l.startsWith("| train_")).count(), out);
        assertTrue(out.contains("| train_t0   | RUNNING ") && out.contains("| train_t8   | RUNNING ") && out.contains("| train_t16  | RUNNING ")
                && out.contains("| train_t24  | RUNNING "), "every running trial gets a row, even the last one: " + out);
        assertTrue(out.contains("... 5 more trials not shown (5 TERMINATED); the final table lists every trial"), out);

        reporter.onExperimentEnd(all);
        String last = printed();
        assertEquals(25, last.lines().filter(l -> l.startsWith("| train_")).count(), last);
        assertTrue(!last.contains("not shown"), last);
    }

    @Test
    void afterAResumeTheFirstTableCountsEveryTrialAndTheBestKnowsTrialsThatFinishedBefore() {
        ProgressReporter reporter = reporter(false);
        TestTrialView finished = trial("t1", 0.01, 32).status(TrialStatus.TERMINATED)
                .lastResult(result("loss", 0.125, "training_iteration", 3, "time_total_s", 1.0));
        TestTrialView paused = trial("t2", 0.02, 64).status(TrialStatus.PAUSED)
                .lastResult(result("loss", 0.5, "training_iteration", 1, "time_total_s", 1.0));
        TestTrialView pending = trial("t3", 0.03, 32);
        reporter.onTrialAdd(finished);
        reporter.onTrialAdd(paused);
        reporter.onTrialAdd(pending);
        paused.status(TrialStatus.RUNNING);
        reporter.onTrialStart(paused);

        String first = printed();
        assertTrue(first.contains(NL + "1 done / 1 running / 1 pending (0 paused, 0 errored), best loss=0.125 (trial train_t1, last result)" + NL), first);
    }

    @Test
    void countsAgainstTheTotalAndNamesWhatRunsTheTrialsWithItsCpus() {
        ProgressReporter reporter = reporter(false);
        AtomicLong clusterCpus = new AtomicLong(8);
        String[] where = {"a cluster of 2 workers"};
        reporter.totalTrials(() -> 40).executor(clusterCpus::get, () -> where[0]);
        List<TestTrialView> all = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            all.add(trial("t" + i, 0.01, 32).status(i == 0 ? TrialStatus.RUNNING : TrialStatus.PENDING));
        }
        all.forEach(reporter::onTrialAdd);
        reporter.onTrialStart(all.get(0));

        String out = printed();
        assertTrue(out.startsWith("== Status ==" + NL + "running for 00:00:00, 1/8 CPUs in use, trials on a cluster of 2 workers" + NL
                + "0 done / 1 running / 15 pending of 40 (0 paused, 0 errored)" + NL), out);

        at(10);
        clusterCpus.set(12);
        where[0] = "a cluster of 3 workers";
        reporter.onTrialResult(all.get(0), result("loss", 0.5, "training_iteration", 1));
        assertTrue(printed().contains("1/12 CPUs in use, trials on a cluster of 3 workers" + NL), "each table asks the executor again");

        clusterCpus.set(0);
        where[0] = "a cluster of 0 workers";
        all.forEach(t -> t.status(TrialStatus.TERMINATED));
        reporter.onExperimentEnd(all);
        assertTrue(printed().contains("0/12 CPUs in use, trials on a cluster of 3 workers" + NL + "16 done / 0 running / 0 pending of 40"),
                "the final table, after the executor closed, shows what ran the trials");
    }

    @Test
    void anUnknownTotalIsLeftOutAndTrialsBeyondItAreCounted() {
        ProgressReporter reporter = reporter(false).totalTrials(() -> 1);
        TestTrialView t1 = trial("t1", 0.01, 32).status(TrialStatus.RUNNING);
        reporter.onTrialAdd(t1);
        reporter.onTrialAdd(trial("t2", 0.01, 32));
        reporter.onTrialStart(t1);
        assertTrue(printed().contains(NL + "0 done / 1 running / 1 pending of 2 ("), "a trial added from outside raises the total");

        ProgressReporter unknown = reporter(false).totalTrials(() -> -1);
        unknown.onTrialStart(t1);
        assertTrue(printed().contains(NL + "0 done / 1 running / 0 pending (0 paused"), "no limit: no total");
    }

    @Test
    void formatsNumbersAsPythonsGeneralFormat() {
        assertEquals("0.1", TextTable.formatG(0.1));
        assertEquals("1e-05", TextTable.formatG(1e-5));
        assertEquals("0.0001", TextTable.formatG(1e-4));
        assertEquals("123457", TextTable.formatG(123456.7));
        assertEquals("1.23457e+06", TextTable.formatG(1234567));
        assertEquals("1e+06", TextTable.formatG(1e6));
        assertEquals("-2.5", TextTable.formatG(-2.5));
        assertEquals("3", TextTable.formatG(3.0));
        assertEquals("1.5e+100", TextTable.formatG(1.5e100));
        assertEquals("inf", TextTable.formatG(Double.POSITIVE_INFINITY));
    }
}
