package org.gamecensus.jobs.census;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;
import org.gamecensus.jobs.lumberjack.LumberjackJob;
import org.gamecensus.schemas.lumberjack.LumberjackSchemas;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A census over a warehouse that holds it already (so its commit replaces its three partitions), with
 * its k-th file-system call failing, for every k from the first call of the run to the last:
 * by an I/O error (the run goes on failing or completing as it can), and by a crash (that call
 * and every later one throw an error nothing catches; the run's session is dropped and a fresh
 * one takes over, as a new process would). After each k, the table holds its previous state or
 * its new one, as a whole: when no decided commit is pending, at once; otherwise once the
 * recovery every later run makes (and {@code census verify --repair}) has completed it. Then the
 * warehouse verifies with no problem and no run's leftovers, and running the census again
 * completes it. For a plain census ({@link CommitFaultTest}) and for one in two chunks
 * ({@link ChunkedCommitFaultTest}): two classes, so that two test JVMs share the sweeps.
 */
abstract class CommitFaultSweep extends SparkCensusTest {

    @TempDir
    Path tmp;

    /** One census run, over a warehouse. */
    interface Census {
        void run(SparkSession spark, Warehouse warehouse);
    }

    /** Lumberjack to 2 edges in one task: partitions edges=0..2, one file each. */
    static final Census PLAIN = (spark, w) -> LumberjackJob.census(spark, w, 2, 1);

    /** The same in two chunks. */
    static final Census CHUNKED = (spark, w) -> LumberjackJob.censusInChunks(spark, w, 2, 1, 2);

    /** Spark's reports of the tasks failed on purpose, thousands of them, kept out of the build's output. */
    private FailedTaskLogs quiet;

    @BeforeEach
    void faultyFileSystem() {
        quiet = FailedTaskLogs.silenced();
        spark().sparkContext().hadoopConfiguration().set("fs.faulty.impl", FaultyFileSystem.class.getName());
        // One call at a time (the faulty scheme counts as remote), so that the k-th call is the same every run.
        spark().conf().set(ConcurrentFileCalls.THREADS, "1");
        // A census of three partitions needs no more for verify's read-back (hundreds of runs of it here).
        spark().conf().set("spark.sql.shuffle.partitions", "1");
    }

    @AfterEach
    void revive() {
        quiet.close();
        FaultyFileSystem.revive();
        spark().conf().unset(ConcurrentFileCalls.THREADS);
        spark().conf()
                .set(
                        "spark.sql.shuffle.partitions",
                        CensusSession.configuration(MASTER, Map.of()).get("spark.sql.shuffle.partitions"));
    }

    /** The census whose every file-system call fails, then crashes: {@link #PLAIN} or {@link #CHUNKED}. */
    abstract Census census();

    @Test
    void aCensusFailingAtAnyCallLeavesItsTableOldOrNewAndARerunCompletesIt() throws Exception {
        sweep(census(), FaultyFileSystem.Mode.ERROR);
    }

    @Test
    void aCensusCrashingAtAnyCallLeavesItsTableOldOrNewAndARerunCompletesIt() throws Exception {
        sweep(census(), FaultyFileSystem.Mode.CRASH);
    }

    private void sweep(Census census, FaultyFileSystem.Mode mode) throws Exception {
        final Warehouse w = new Warehouse(tmp.resolve("out"), FaultyFileSystem.uri(tmp.resolve("warehouse")));
        census.run(spark(), w);
        FaultyFileSystem.count();
        census.run(spark(), w);
        final long calls = FaultyFileSystem.calls();
        Assertions.assertTrue(calls > 40, "a census replacing three partitions makes dozens of calls: " + calls);
        System.out.println(getClass().getSimpleName() + ": " + mode + ", " + (census == CHUNKED ? "in chunks" : "plain")
                + ": " + calls + " calls");
        int old = 0;
        int completedByRecovery = 0;
        for (long k = 1; k <= calls; k++) {
            final TableState before = TableState.of(w, "lumberjack");
            FaultyFileSystem.failAt(k, mode);
            final SparkSession session = spark().newSession();
            SparkSession.setActiveSession(session);
            Throwable failure = null;
            try {
                census.run(session, new Warehouse(tmp.resolve("out"), w.root()));
            } catch (Throwable t) {
                failure = t;
            } finally {
                SparkSession.setActiveSession(spark());
            }
            Assertions.assertTrue(FaultyFileSystem.fired(), "call " + k + " of " + calls + " came");
            // The next call starts from an idle session: a failed write has waited for its own
            // jobs' tasks (CommitTasks), but Spark's status tracker counts their ends a little late.
            awaitNoRunningTasks();
            if (mode == FaultyFileSystem.Mode.CRASH) {
                Assertions.assertTrue(failure != null, "a crash at call " + k + " ends the run");
                WarehouseRun.abandonAll(); // the crashed process is gone, its runs with it
            }
            FaultyFileSystem.revive();
            final String at = mode + " at call " + k + " of " + calls + (failure == null ? "" : " (" + failure + ")");
            final boolean pending = !WarehouseRecovery.pendingCommits(w.root()).isEmpty();
            if (!pending) {
                TableState.of(w, "lumberjack").isOldOrNew(before, at + ", before any recovery");
            }
            // The recovery every later run makes when it opens (and census verify --repair).
            final Warehouse next = new Warehouse(tmp.resolve("out"), w.root());
            next.openRun("recovery", false);
            next.closeRun();
            final boolean isOld = TableState.of(w, "lumberjack").isOldOrNew(before, at + ", after recovery");
            completedByRecovery += pending ? 1 : 0;
            assertEquals(
                    List.of(),
                    Manifests.verify(spark(), w, LumberjackSchemas.ALL).problems(),
                    at);
            assertEquals(
                    Set.of("lumberjack"),
                    leftovers(census == CHUNKED && isOld),
                    at + ": what is left besides the table");
            if (isOld) {
                old++;
                final TableState still = TableState.of(w, "lumberjack");
                census.run(spark(), w);
                Assertions.assertFalse(
                        TableState.of(w, "lumberjack").isOldOrNew(still, at + ", run again"),
                        at + ": the rerun committed a new state");
                assertEquals(
                        List.of(),
                        Manifests.verify(spark(), w, LumberjackSchemas.ALL).problems());
                assertEquals(Set.of("lumberjack"), leftovers(false), at + ", run again");
            }
        }
        // The failures fell before the commit was decided and after, and some crashes left it to the recovery.
        Assertions.assertTrue(old > 0 && old < calls, "old states " + old + " of " + calls);
        if (mode == FaultyFileSystem.Mode.CRASH) {
            Assertions.assertTrue(
                    completedByRecovery > 0, "commits decided before the crash and completed by the recovery");
        }
    }

    /** The warehouse's top-level entries (a chunked run's state is kept when {@code chunks}). */
    private Set<String> leftovers(boolean chunks) {
        final Set<String> names = new TreeSet<>();
        try (Stream<Path> s = Files.list(tmp.resolve("warehouse"))) {
            s.map(p -> p.getFileName().toString())
                    .filter(n -> !(chunks && n.equals("_chunks")))
                    .forEach(names::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return names;
    }
}
