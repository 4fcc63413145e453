package io.jtune.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seeded schedules of faults against long runs, each run ended by a stopper once its schedule is
 * through, every process started here ended by its PID. The cluster run on 127.0.0.1 (a driver
 * JVM, three workers on fixed ports) takes {@value #CLUSTER_FAULTS} faults: workers paused (SIGSTOP
 * 2-6 s), alone or while another is killed (kill -9) and a new worker started late on its port; a
 * worker killed and replaced on its port; a worker joining late on a port of its own; the driver
 * paused 5-12 s and 20-30 s while a worker is killed and replaced; the driver killed and restored.
 * The process-executor run takes {@value #PROCESS_FAULTS}: trial worker JVMs killed and paused, the
 * driver paused (killing a trial JVM meanwhile), killed and restored, and its storage (a small
 * tmpfs) filled for 3 s. A cluster over a veth pair takes {@value #CUT_OFF_FAULTS}: a worker in a
 * network namespace cut off for 30 s while the worker outside is paused, killed and replaced.
 *
 * <p>After every fault each trial must report again within the recovery bound ({@value
 * #CLUSTER_RECOVERY_SECONDS} s on the cluster, {@value #PROCESS_RECOVERY_SECONDS} s under the process
 * executor). After the schedule: every trial TERMINATED (by the stopper), each training_iteration
 * logged exactly once, progress.csv holding the same iterations as result.json, and no process of
 * the run left. The full-disk and cut-off runs need root (a tmpfs mount, a network namespace) and are
 * skipped, saying so, where the machine cannot make them.
 */
class ChaosScheduleTest {
    static final long SEED = 41;
    static final int CLUSTER_FAULTS = 19;
    static final int PROCESS_FAULTS = 11;
    static final int CUT_OFF_FAULTS = 4;
    static final int CLUSTER_RECOVERY_SECONDS = 45;
    static final int PROCESS_RECOVERY_SECONDS = 30;
    private static final int STEP_MILLIS = 200;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /** A step of the cluster run's schedule. */
    private enum ClusterStep {
        WORKER_PAUSE, WORKER_PAUSE_WHILE_ANOTHER_IS_REPLACED, WORKER_KILL_AND_NEW_ON_ITS_PORT, LATE_WORKER, DRIVER_PAUSE_WHILE_A_WORKER_IS_REPLACED,
        DRIVER_KILL_AND_RESTORE;

        /** The faults the step counts: a kill and a late worker on the killed one's port are two. */
        int faults() {
            return switch (this) {
                case WORKER_KILL_AND_NEW_ON_ITS_PORT -> 2;
                case WORKER_PAUSE_WHILE_ANOTHER_IS_REPLACED, DRIVER_PAUSE_WHILE_A_WORKER_IS_REPLACED -> 3;
                default -> 1;
            };
        }
    }

    @Test
    void aClusterRunSurvivesASeededScheduleOfPausesKillsAndLateWorkers() throws Exception {
        Random random = new Random(SEED);
        List<ClusterStep> steps = schedule(random, Map.of(ClusterStep.WORKER_PAUSE, 3, ClusterStep.WORKER_PAUSE_WHILE_ANOTHER_IS_REPLACED, 2,
                ClusterStep.WORKER_KILL_AND_NEW_ON_ITS_PORT, 1, ClusterStep.LATE_WORKER, 1, ClusterStep.DRIVER_PAUSE_WHILE_A_WORKER_IS_REPLACED, 2,
                ClusterStep.DRIVER_KILL_AND_RESTORE, 1));
        assertEquals(CLUSTER_FAULTS, steps.stream().mapToInt(ClusterStep::faults).sum());
        int driverPort = WorkerProcesses.freePort();
        try (WorkerProcesses processes = new WorkerProcesses()) {
            ChaosRun run = new ChaosRun(processes, dir, "cluster", driverPort, 3, Duration.ofSeconds(CLUSTER_RECOVERY_SECONDS));
            List<Integer> ports = new ArrayList<>(List.of(WorkerProcesses.freePort(), WorkerProcesses.freePort(), WorkerProcesses.freePort()));
            List<WorkerProcesses.WorkerProcess> workers = new ArrayList<>();
            for (int i = 0; i < ports.size(); i++) {
                workers.add(run.worker(driverPort, ports.get(i), "w" + i));
            }
            run.startDriver();
            run.awaitFirstResults();
            int driverPauses = 0;
            for (ClusterStep step : steps) {
                int target = random.nextInt(workers.size());
                switch (step) {
                    case WORKER_PAUSE -> {
                        long pause = 2000 + random.nextInt(4001);
                        run.fault(step.faults(), "SIGSTOP worker " + target + " for " + pause + " ms");
                        pause(workers.get(target), pause, 0, () -> { });
                    }
                    case WORKER_PAUSE_WHILE_ANOTHER_IS_REPLACED -> {
                        long pause = 2000 + random.nextInt(4001);
                        int other = (target + 1) % workers.size();
                        run.fault(step.faults(), "SIGSTOP worker " + target + " for " + pause + " ms; meanwhile kill -9 worker " + other + " and a new worker on its port");
                        pause(workers.get(target), pause, 500, () -> {
                            workers.get(other).kill();
                            workers.set(other, run.worker(driverPort, ports.get(other), "w" + other));
                        });
                    }
                    case WORKER_KILL_AND_NEW_ON_ITS_PORT -> {
                        long gap = 1000 + random.nextInt(2001);
                        run.fault(step.faults(), "kill -9 worker " + target + ", a new worker on its port " + gap + " ms later");
                        workers.get(target).kill();
                        TimeUnit.MILLISECONDS.sleep(gap);
                        workers.set(target, run.worker(driverPort, ports.get(target), "w" + target));
                    }
                    case LATE_WORKER -> {
                        run.fault(step.faults(), "a worker joining late on a port of its own");
                        ports.add(WorkerProcesses.freePort());
                        workers.add(run.worker(driverPort, ports.get(ports.size() - 1), "w" + (ports.size() - 1)));
                    }
                    case DRIVER_PAUSE_WHILE_A_WORKER_IS_REPLACED -> {
                        long pause = driverPauses++ == 0 ? 5000 + random.nextInt(7001) : 20000 + random.nextInt(10001);
                        run.fault(step.faults(), "SIGSTOP driver for " + pause + " ms; meanwhile kill -9 worker " + target + " and a new worker on its port");
                        pause(run.driver(), pause, 1000, () -> {
                            workers.get(target).kill();
                            workers.set(target, run.worker(driverPort, ports.get(target), "w" + target));
                        });
                    }
                    case DRIVER_KILL_AND_RESTORE -> run.killAndRestoreDriver(step.faults());
                }
                run.awaitProgress("every trial reporting again after: " + run.lastFault());
            }
            run.finish();
            workers.forEach(w -> w.process().descendants().forEach(d -> run.pids.add(d.pid())));
            run.verify();
        }
    }

    /** A step of the process-executor run's schedule. */
    private enum ProcessStep {
        TRIAL_JVM_KILL, TRIAL_JVM_PAUSE, DRIVER_PAUSE_WHILE_A_TRIAL_JVM_IS_KILLED, DRIVER_KILL_AND_RESTORE, FULL_DISK;

        int faults() {
            return this == DRIVER_PAUSE_WHILE_A_TRIAL_JVM_IS_KILLED ? 2 : 1;
        }
    }

    @Test
    void aProcessExecutorRunSurvivesASeededScheduleOfKillsPausesAndAFullDisk() throws Exception {
        Random random = new Random(SEED);
        List<ProcessStep> steps = schedule(random, Map.of(ProcessStep.TRIAL_JVM_KILL, 4, ProcessStep.TRIAL_JVM_PAUSE, 3,
                ProcessStep.DRIVER_PAUSE_WHILE_A_TRIAL_JVM_IS_KILLED, 1, ProcessStep.DRIVER_KILL_AND_RESTORE, 1, ProcessStep.FULL_DISK, 1));
        assertEquals(PROCESS_FAULTS, steps.stream().mapToInt(ProcessStep::faults).sum());
        try (SmallDisk disk = SmallDisk.mount(dir.resolve("disk"), 16); WorkerProcesses processes = new WorkerProcesses()) {
            ChaosRun run = new ChaosRun(processes, disk.path(), "process", 0, 2, Duration.ofSeconds(PROCESS_RECOVERY_SECONDS));
            run.startDriver();
            run.awaitFirstResults();
            for (ProcessStep step : steps) {
                switch (step) {
                    case TRIAL_JVM_KILL -> {
                        ProcessHandle trial = run.trialJvm(random);
                        run.fault(step.faults(), "kill -9 the trial JVM " + trial.pid());
                        trial.destroyForcibly();
                    }
                    case TRIAL_JVM_PAUSE -> {
                        ProcessHandle trial = run.trialJvm(random);
                        long pause = 2000 + random.nextInt(4001);
                        run.fault(step.faults(), "SIGSTOP the trial JVM " + trial.pid() + " for " + pause + " ms");
                        signal(trial.pid(), "STOP");
                        try {
                            TimeUnit.MILLISECONDS.sleep(pause);
                        } finally {
                            signal(trial.pid(), "CONT");
                        }
                    }
                    case DRIVER_PAUSE_WHILE_A_TRIAL_JVM_IS_KILLED -> {
                        long pause = 5000 + random.nextInt(10001);
                        ProcessHandle trial = run.trialJvm(random);
                        run.fault(step.faults(), "SIGSTOP driver for " + pause + " ms; meanwhile kill -9 the trial JVM " + trial.pid());
                        pause(run.driver(), pause, pause / 2, trial::destroyForcibly);
                    }
                    case DRIVER_KILL_AND_RESTORE -> run.killAndRestoreDriver(step.faults());
                    case FULL_DISK -> {
                        run.fault(step.faults(), "the driver's storage full for 3 s");
                        disk.fillFor(Duration.ofSeconds(3));
                        run.resumeIfEnded();
                    }
                }
                run.awaitProgress("every trial reporting again after: " + run.lastFault());
            }
            run.finish();
            run.verify();
        }
    }

    @Test
    void aClusterWorkerCutOffFromTheNetworkFor30SecondsRejoinsAndTheRunFinishes() throws Exception {
        try (Netns netns = Netns.make(); WorkerProcesses processes = new WorkerProcesses()) {
            Path tls = dir.resolve("tls");
            Certs.make(tls, List.of("driver", "worker"));
            int driverPort = WorkerProcesses.freePort();
            String driverAddress = netns.outsideAddress() + ":" + driverPort;
            ChaosRun run = new ChaosRun(processes, dir, "cluster", driverPort, 2, Duration.ofSeconds(CLUSTER_RECOVERY_SECONDS));
            String worker = tls.resolve("worker").toString();
            String[] outsideArgs = {"--join", driverAddress, "--host", netns.outsideAddress(), "--port", Integer.toString(WorkerProcesses.freePort()), "--tls", worker};
            WorkerProcesses.WorkerProcess outside = run.worker("outside", List.of(), outsideArgs);
            run.worker("inside", List.of("ip", "netns", "exec", netns.name()), "--join", driverAddress, "--host", netns.insideAddress(),
                    "--port", Integer.toString(WorkerProcesses.freePort()), "--tls", worker);
            run.startDriver(netns.outsideAddress(), tls.resolve("driver").toString());
            run.awaitFirstResults();
            run.fault(CUT_OFF_FAULTS, "the worker in network namespace " + netns.name() + " cut off for 30 s (its link down); meanwhile the worker"
                    + " outside paused (SIGSTOP) for 3 s, then killed (kill -9) and a new worker started on its port");
            long start = System.nanoTime();
            netns.link("down");
            try {
                sleepUntil(start, 5000);
                pause(outside, 3000, 0, () -> { });
                sleepUntil(start, 15000);
                outside.kill();
                run.worker("outside", List.of(), outsideArgs);
                sleepUntil(start, 30000);
            } finally {
                netns.link("up");
            }
            run.awaitProgress("every trial reporting again after: " + run.lastFault());
            run.finish();
            run.verify();
        }
    }

    /**
     * A network namespace joined to this one by a veth pair, {@code 10.254.N.1} outside and
     * {@code 10.254.N.2} inside (addresses of this machine only); the test is skipped, saying so,
     * where namespaces cannot be made (not root, no {@code ip}). {@link #link} cuts the inside off.
     */
    private record Netns(String name, String outside, String inside, String outsideAddress, String insideAddress) implements AutoCloseable {
        static Netns make() throws Exception {
            long pid = ProcessHandle.current().pid();
            String name = "jtune-chaos-" + pid;
            int net = (int) (pid % 250) + 1;
            boolean made = exec("ip", "netns", "add", name) == 0;
            org.junit.jupiter.api.Assumptions.assumeTrue(made, "network namespaces can be made here (ip netns add, as root): the cut-off fault needs one");
            Netns netns = new Netns(name, "jtc" + pid + "o", "jtc" + pid + "i", "10.254." + net + ".1", "10.254." + net + ".2");
            List<List<String>> setUp = List.of(
                    List.of("ip", "link", "add", netns.outside(), "type", "veth", "peer", "name", netns.inside(), "netns", name),
                    List.of("ip", "addr", "add", netns.outsideAddress() + "/30", "dev", netns.outside()),
                    List.of("ip", "link", "set", netns.outside(), "up"),
                    List.of("ip", "-n", name, "addr", "add", netns.insideAddress() + "/30", "dev", netns.inside()),
                    List.of("ip", "-n", name, "link", "set", netns.inside(), "up"),
                    List.of("ip", "-n", name, "link", "set", "lo", "up"));
            for (List<String> command : setUp) {
                if (exec(command.toArray(String[]::new)) != 0) {
                    netns.close();
                    throw new AssertionError("cannot set up the network namespace " + name + ": " + String.join(" ", command) + " failed");
                }
            }
            return netns;
        }

        /** Sets the inside end of the link {@code up} or {@code down}. */
        void link(String state) throws Exception {
            assertEquals(0, exec("ip", "-n", name, "link", "set", inside, state));
        }

        @Override
        public void close() {
            quietly("ip", "link", "del", outside);
            quietly("ip", "netns", "del", name);
        }
    }

    /** {@code copies} of each step, in the order {@code random} shuffles them (the steps taken in their declared order first). */
    private static <S extends Enum<S>> List<S> schedule(Random random, Map<S, Integer> copies) {
        List<S> steps = new ArrayList<>();
        new TreeMap<>(copies).forEach((step, n) -> steps.addAll(Collections.nCopies(n, step)));
        Collections.shuffle(steps, random);
        return steps;
    }

    /** SIGSTOP of {@code process} for {@code millis}; {@code meanwhile} runs {@code after} ms into the pause. */
    private static void pause(WorkerProcesses.WorkerProcess process, long millis, long after, Meanwhile meanwhile) throws Exception {
        long start = System.nanoTime();
        process.signal("STOP");
        try {
            TimeUnit.MILLISECONDS.sleep(after);
            meanwhile.run();
            sleepUntil(start, millis);
        } finally {
            process.signal("CONT");
        }
    }

    /** Sleeps until {@code millis} after {@code start} (a {@link System#nanoTime()}). */
    private static void sleepUntil(long start, long millis) throws InterruptedException {
        TimeUnit.NANOSECONDS.sleep(Math.max(0, TimeUnit.MILLISECONDS.toNanos(millis) - (System.nanoTime() - start)));
    }

    private static void signal(long pid, String name) throws Exception {
        exec("kill", "-" + name, Long.toString(pid));
    }

    /** Runs {@code command} when cleaning up, where a failure is not the test's: its exit code, or -1. */
    private static int quietly(String... command) {
        try {
            return exec(command);
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    /** Runs {@code command}; its exit code (-1 when it did not end within 30 s). */
    private static int exec(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        return p.waitFor(30, TimeUnit.SECONDS) ? p.exitValue() : -1;
    }

    /** What a fault does while the driver is paused. */
    private interface Meanwhile {
        void run() throws Exception;
    }

    /** One run under a schedule: its driver (restarted when a fault ends it), the faults so far, every PID it started, and its checks. */
    private static final class ChaosRun {
        private final WorkerProcesses processes;
        private final Path dir;
        private final Path storage;
        private final Path experiment;
        private final Path stopFile;
        private final String executor;
        private final int driverPort;
        private final int trials;
        private final Duration recovery;
        final Set<Long> pids = new HashSet<>();
        private final List<String> faults = new ArrayList<>();
        private WorkerProcesses.WorkerProcess driver;
        private String[] driverArgs = {};
        private int faultCount;
        private long slowestRecoveryMillis;

        ChaosRun(WorkerProcesses processes, Path dir, String executor, int driverPort, int trials, Duration recovery) {
            this.processes = processes;
            this.dir = dir;
            this.storage = dir.resolve("results");
            this.experiment = storage.resolve(ChaosDriverProgram.NAME);
            this.stopFile = dir.resolve("stop");
            this.executor = executor;
            this.driverPort = driverPort;
            this.trials = trials;
            this.recovery = recovery;
        }

        /** A worker with 1 CPU joining the driver on 127.0.0.1 in plaintext, on the fixed {@code port}. */
        WorkerProcesses.WorkerProcess worker(int driverPort, int port, String name) {
            return worker(name, List.of(), "--join", "127.0.0.1:" + driverPort, "--port", Integer.toString(port), "--insecure");
        }

        /** A worker with 1 CPU, started by {@code wrapper} (none: directly) with the options {@code joining}. */
        WorkerProcesses.WorkerProcess worker(String name, List<String> wrapper, String... joining) {
            List<String> args = new ArrayList<>(List.of(joining));
            args.addAll(List.of("--resources", "cpu=1", "--work-dir", dir.resolve(name + "-" + System.nanoTime()).toString()));
            WorkerProcesses.WorkerProcess w = processes.startWrapped("chaos-" + name, wrapper, null, List.of(), Worker.class, args.toArray(String[]::new));
            pids.add(w.pid());
            return w;
        }

        void startDriver(String... listening) {
            List<String> args = new ArrayList<>(List.of(storage.toString(), Integer.toString(driverPort), executor, Integer.toString(trials),
                    Integer.toString(STEP_MILLIS), stopFile.toString()));
            args.addAll(List.of(listening));
            driver = processes.startMain("chaos-driver-" + executor, null, ChaosDriverProgram.class, args.toArray(String[]::new));
            driverArgs = listening;
            pids.add(driver.pid());
        }

        /** A new driver on the same address, restoring the experiment. */
        void restartDriver() {
            startDriver(driverArgs);
        }

        /** The driver's processes (trial JVMs of the process executor) count as the run's: none may outlive it. */
        void noteDescendants() {
            driver.process().descendants().forEach(d -> pids.add(d.pid()));
        }

        /** The fault: kill -9 of the driver, then a new driver restoring the experiment. */
        void killAndRestoreDriver(int count) {
            fault(count, "kill -9 driver, then a new driver restoring the experiment");
            noteDescendants();
            driver.kill();
            restartDriver();
        }


        WorkerProcesses.WorkerProcess driver() {
            return driver;
        }

        /** Notes a step of the schedule that counts {@code count} faults. */
        void fault(int count, String description) {
            faults.add(description);
            faultCount += count;
            System.out.println("chaos (" + executor + ", seed " + SEED + ") faults " + (faultCount - count + 1) + "-" + faultCount + ": " + description);
        }

        String lastFault() {
            return faults.get(faults.size() - 1);
        }

        /** A trial JVM of the process executor, chosen by {@code random} among the driver's children. */
        ProcessHandle trialJvm(Random random) throws InterruptedException {
            List<ProcessHandle> children = new ArrayList<>();
            WorkerProcesses.await("a trial JVM of the driver", recovery, () -> {
                children.clear();
                driver.process().children().sorted((a, b) -> Long.compare(a.pid(), b.pid())).forEach(children::add);
                return !children.isEmpty();
            }, List.of(driver));
            children.forEach(c -> pids.add(c.pid()));
            return children.get(random.nextInt(children.size()));
        }

        /** A driver that a fault ended (a full disk can fail the run): restored, its ERROR trials resumed. */
        void resumeIfEnded() throws InterruptedException {
            if (driver.process().waitFor(2, TimeUnit.SECONDS)) {
                System.out.println("chaos (" + executor + "): the driver ended with " + driver.process().exitValue() + " after: " + lastFault()
                        + "; a new driver resumes the experiment");
                restartDriver();
            }
        }

        /** The first results of every trial, within what starting JVMs on a loaded machine takes (2 minutes, as the other multi-JVM tests). */
        void awaitFirstResults() throws InterruptedException {
            WorkerProcesses.await("the first results of every trial", Duration.ofSeconds(120), () -> DriverRestartTest.linesPerTrial(experiment).size() == trials,
                    List.of(driver));
        }

        /** Every trial logs at least two more iterations within the recovery bound. */
        void awaitProgress(String what) throws InterruptedException {
            List<Long> before = DriverRestartTest.linesPerTrial(experiment);
            long start = System.nanoTime();
            WorkerProcesses.await(what + " within " + recovery.toSeconds() + " s (faults so far: " + faults + ")", recovery, () -> {
                List<Long> now = DriverRestartTest.linesPerTrial(experiment);
                if (now.size() < trials) {
                    return false;
                }
                for (int i = 0; i < trials; i++) {
                    if (now.get(i) < (i < before.size() ? before.get(i) : 0) + 2) {
                        return false;
                    }
                }
                return true;
            }, List.of(driver));
            slowestRecoveryMillis = Math.max(slowestRecoveryMillis, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
        }

        /** The stopper ends every trial; the driver exits. */
        void finish() throws Exception {
            noteDescendants();
            Files.createFile(stopFile);
            assertEquals(0, driver.awaitExit(Duration.ofSeconds(60)), faults + "\n" + driver.output());
            System.out.println("chaos (" + executor + ", seed " + SEED + "): " + faultCount + " faults survived, the slowest recovery took "
                    + slowestRecoveryMillis + " ms: " + faults);
        }

        /** The invariants after the schedule. */
        void verify() throws Exception {
            assertTrue(driver.output().contains("terminated=" + trials), faults + "\n" + driver.output());
            List<Path> results = DriverRestartTest.resultFiles(experiment);
            assertEquals(trials, results.size());
            for (Path result : results) {
                List<Long> iterations = new ArrayList<>();
                for (String line : Files.readAllLines(result)) {
                    JsonNode row = JSON.readTree(line);
                    iterations.add(row.get("training_iteration").asLong());
                }
                assertEquals(LongStream.rangeClosed(1, iterations.size()).boxed().toList(), iterations, "each iteration once, " + faults + " " + result);
                assertEquals(iterations, csvIterations(result.resolveSibling("progress.csv")), "CSV = JSON for " + result.getParent());
            }
            processes.close();
            for (long pid : pids) {
                ProcessHandle.of(pid).ifPresent(p -> p.onExit().completeOnTimeout(p, 30, TimeUnit.SECONDS).join());
            }
            List<Long> alive = pids.stream().filter(pid -> ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).toList();
            assertEquals(List.of(), alive, "processes of the run left behind");
        }
    }

    private static List<Long> csvIterations(Path csv) throws IOException {
        List<String> lines = Files.readAllLines(csv);
        List<String> header = List.of(lines.get(0).split(","));
        int column = header.indexOf("training_iteration");
        List<Long> iterations = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            iterations.add(Long.parseLong(line.split(",")[column]));
        }
        return iterations;
    }

    /** A small tmpfs (root, as CI runs; the test is skipped, saying so, where none can be mounted), filled on demand. */
    private record SmallDisk(Path path) implements AutoCloseable {
        static SmallDisk mount(Path path, int megabytes) throws Exception {
            Files.createDirectories(path);
            boolean mounted = exec("mount", "-t", "tmpfs", "-o", "size=" + megabytes + "m", "tmpfs", path.toString()) == 0;
            org.junit.jupiter.api.Assumptions.assumeTrue(mounted, "a tmpfs can be mounted here (root, as CI runs): the full-disk fault needs one");
            return new SmallDisk(path);
        }

        /** Writes a file until the disk is full, keeps it {@code duration}, deletes it. */
        void fillFor(Duration duration) throws Exception {
            Path filler = path.resolve("filler");
            byte[] block = new byte[1 << 16];
            try (OutputStream out = Files.newOutputStream(filler)) {
                while (true) {
                    out.write(block);
                }
            } catch (IOException full) {
                // the disk is full now
            }
            try {
                TimeUnit.MILLISECONDS.sleep(duration.toMillis());
            } finally {
                Files.delete(filler);
            }
        }

        @Override
        public void close() {
            quietly("umount", "-l", path.toString());
        }
    }
}
