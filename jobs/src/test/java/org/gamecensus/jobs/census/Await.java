package org.gamecensus.jobs.census;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * Waiting in tests for what a test looks for, polled up to a deadline, instead of a fixed pause
 * that a slow or loaded host can outlast.
 */
public final class Await {

    /** What a test waits for; it may read files. */
    @FunctionalInterface
    public interface Condition {
        boolean holds() throws IOException;
    }

    private Await() {}

    /** Whether {@code condition} holds within {@code seconds}, polled every 20 ms. */
    public static boolean until(Condition condition, long seconds) throws IOException, InterruptedException {
        return until(condition, seconds, 20);
    }

    /** Whether {@code condition} holds within {@code seconds}, polled every {@code pollMillis}. */
    public static boolean until(Condition condition, long seconds, long pollMillis)
            throws IOException, InterruptedException {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!condition.holds()) {
            if (System.nanoTime() >= deadline) {
                return false;
            }
            Thread.sleep(pollMillis);
        }
        return true;
    }
}
