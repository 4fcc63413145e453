package io.jtune.engine.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The file system's share of a benchmark run, measured beside it: the folders and files a run left under its storage
 * folder are read into memory and deleted (so the file system holds as much as when the run began), then written again
 * by a plain loop on one thread (each folder made, each file created, written whole and closed, in the run's tree
 * order), timed. No jtune code is involved in the writing.
 */
final class PlainFiles {
    /** Wall seconds of the plain loop, and its thread's CPU microseconds for each trial folder written. */
    record Timing(double seconds, double cpuMicrosPerTrial) {
    }

    private record Entry(Path relative, byte[] bytes) {
    }

    private PlainFiles() {
    }

    /** Replaces the tree under {@code storage} by a copy written by a plain loop; trial folders are those holding a {@code params.json}. */
    static Timing rewrite(Path storage) throws IOException {
        List<Entry> entries = new ArrayList<>();
        int trials = 0;
        try (Stream<Path> tree = Files.walk(storage)) {
            for (Path p : (Iterable<Path>) tree::iterator) {
                if (p.equals(storage)) {
                    continue;
                }
                boolean folder = Files.isDirectory(p);
                entries.add(new Entry(storage.relativize(p), folder ? null : Files.readAllBytes(p)));
                if (!folder && p.getFileName().toString().equals("params.json")) {
                    trials++;
                }
            }
        }
        for (int i = entries.size() - 1; i >= 0; i--) {
            Files.delete(storage.resolve(entries.get(i).relative()));
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long cpu = threads.getCurrentThreadCpuTime();
        long start = System.nanoTime();
        for (Entry e : entries) {
            Path target = storage.resolve(e.relative());
            if (e.bytes() == null) {
                Files.createDirectory(target);
            } else {
                try (FileChannel channel = FileChannel.open(target, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                    ByteBuffer buffer = ByteBuffer.wrap(e.bytes());
                    while (buffer.hasRemaining()) {
                        channel.write(buffer);
                    }
                }
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        return new Timing(seconds, (threads.getCurrentThreadCpuTime() - cpu) / 1e3 / Math.max(1, trials));
    }
}
