package org.gamecensus.jobs.census;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;
import org.apache.spark.sql.SparkSession;

/**
 * Runs the driver's per-partition file-system calls — a commit's listings, moves and manifests, a
 * chunked run's renames, {@code verify}'s reads of the manifests — on several threads at once.
 *
 * <p>Each call is a round trip to the file system's metadata service: well under a millisecond on
 * the local disk, about one on HDFS's name node, tens of milliseconds on an object store. A commit
 * makes five to eight a partition (list, move aside, move in, write the manifest through a rename),
 * one partition after another: with 10 ms a call, a Cram census to 11 squares (11 partitions) spent
 * 1.4 s more on its driver than with none. The partitions' calls are independent (each touches
 * its own directory and its own manifest), so on a remote file system they run side by side,
 * {@value #DEFAULT_THREADS} at a time. On the local disk, where a call takes microseconds, handing
 * them to other threads costs more than it saves (a Cram census to 11 squares in 8 chunks spent
 * 33–45 ms in these calls one after another, 45–67 ms eight at a time), so there they run one
 * after another on the calling thread. {@code spark.gamecensus.commit.threads} overrides both (1:
 * one after another).
 *
 * <p>Each worker runs with the caller's active Spark session, whose Hadoop configuration (file
 * systems, credentials) {@link WarehouseFiles} opens files with. Every item is attempted, on one
 * thread or several; when some fail, the first failure in the items' order is thrown, the others
 * attached to it as suppressed, so a failed commit reports the same partition and leaves the same
 * partitions done whatever the threads' timing.
 */
final class ConcurrentFileCalls {

    /** The setting of how many calls a commit makes at once. */
    static final String THREADS = "spark.gamecensus.commit.threads";

    static final int DEFAULT_THREADS = 8;

    private static final AtomicInteger THREAD_IDS = new AtomicInteger();

    /** Daemon threads, made as needed and dropped after a minute idle: a commit leaves nothing running. */
    private static final ExecutorService POOL = Executors.newCachedThreadPool(new ThreadFactory() {
        @Override
        public Thread newThread(Runnable r) {
            final Thread t = new Thread(r, "census-commit-" + THREAD_IDS.incrementAndGet());
            t.setDaemon(true);
            return t;
        }
    });

    private ConcurrentFileCalls() {}

    /** Runs {@code call} on every item, which lie on the file system of {@code location} ({@link #map}). */
    static <T> void forEach(String location, List<T> items, Consumer<T> call) {
        map(location, items, item -> {
            call.accept(item);
            return null;
        });
    }

    /**
     * {@code call} of every item, in the items' order, at most {@link #threads} items at a time
     * for the file system of {@code location} (a URI; null: a remote one).
     *
     * @throws RuntimeException the first item's failure (in the items' order), the others suppressed
     */
    static <T, R> List<R> map(String location, List<T> items, Function<T, R> call) {
        final SparkSession session = activeSession();
        final int threads = Math.min(items.size(), threads(session, location));
        final Object[] values = new Object[items.size()];
        final RuntimeException[] failures = new RuntimeException[items.size()];
        // Calls are handed out from a shared index, each kept as a value or a failure, so no more
        // than `threads` run at once whatever the pool holds, and every call is made.
        final AtomicInteger next = new AtomicInteger();
        final Runnable drain = () -> {
            for (int i; (i = next.getAndIncrement()) < items.size(); ) {
                try {
                    values[i] = call.apply(items.get(i));
                } catch (RuntimeException e) {
                    failures[i] = e;
                }
            }
        };
        // Cases: one thread (the calls in order on this thread), or several (on the pool's workers,
        // each with the caller's session active).
        if (threads <= 1) {
            drain.run();
        } else {
            final List<Future<?>> workers = new ArrayList<>(threads);
            for (int w = 0; w < threads; w++) {
                workers.add(POOL.submit(() -> {
                    final SparkSession before = activeSession();
                    setActive(session);
                    try {
                        drain.run();
                    } finally {
                        setActive(before);
                    }
                }));
            }
            awaitAll(workers);
        }
        // Then every call succeeded (the results, in order) or some failed (the first failure in
        // order thrown, the later ones suppressed on it).
        RuntimeException first = null;
        for (RuntimeException f : failures) {
            if (f != null && first == null) {
                first = f;
            } else if (f != null) {
                first.addSuppressed(f);
            }
        }
        if (first != null) {
            throw first;
        }
        final List<R> results = new ArrayList<>(items.size());
        for (Object v : values) {
            @SuppressWarnings("unchecked")
            final R r = (R) v;
            results.add(r);
        }
        return results;
    }

    /** This thread's active Spark session, or null. */
    private static SparkSession activeSession() {
        return SparkSession.getActiveSession().isDefined()
                ? SparkSession.getActiveSession().get()
                : null;
    }

    /**
     * How many calls at once on the file system of {@code location} (a URI; null: a remote one):
     * the session's setting, else one on the local file system and {@value #DEFAULT_THREADS}
     * elsewhere.
     *
     * @throws UsageException when the setting is not a positive whole number
     */
    static int threads(SparkSession session, String location) {
        final String value = session == null ? null : session.conf().get(THREADS, null);
        if (value == null) {
            return location != null && location.regionMatches(true, 0, "file:", 0, 5) ? 1 : DEFAULT_THREADS;
        }
        try {
            final int n = Integer.parseInt(value.trim());
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new UsageException(THREADS + " " + value + ": not a positive whole number");
    }

    private static void setActive(SparkSession session) {
        if (session == null) {
            SparkSession.clearActiveSession();
        } else {
            SparkSession.setActiveSession(session);
        }
    }

    /** Waits for every worker; a worker's own error (not a call's failure, which it keeps) is rethrown. */
    private static void awaitAll(List<Future<?>> workers) {
        boolean interrupted = false;
        Throwable error = null;
        for (Future<?> w : workers) {
            while (true) {
                try {
                    w.get();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true; // the calls already started finish; the thread's flag is set again below
                } catch (ExecutionException e) {
                    if (error == null) {
                        error = e.getCause();
                    }
                    break;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (error instanceof Error err) {
            throw err;
        }
        if (error != null) {
            throw new IllegalStateException("a commit's file-system call failed: " + error, error);
        }
    }
}
