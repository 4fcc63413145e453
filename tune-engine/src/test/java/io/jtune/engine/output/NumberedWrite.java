package io.jtune.engine.output;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/** A write for a {@link FileWriterThread} in tests: it counts down {@code started}, waits for {@code release} when it has one, then adds its number to {@code done}. */
record NumberedWrite(int number, List<Integer> done, CountDownLatch started, CountDownLatch release) implements FileWriterThread.FileWrite {
    @Override
    public void write() throws IOException {
        started.countDown();
        try {
            if (release != null) {
                release.await();
            }
        } catch (InterruptedException e) {
            throw new IOException(e);
        }
        done.add(number);
    }

    @Override
    public Path file() {
        return Path.of("step" + number);
    }

    @Override
    public String trialId() {
        return "t" + number;
    }
}
