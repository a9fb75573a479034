package org.gamecensus.jobs.census;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.gamecensus.schemas.DatasetSchema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConcurrentFileCallsTest extends SparkCensusTest {

    /** A location on a remote file system (only its scheme is looked at). */
    private static final String REMOTE = "hdfs://namenode:8020/census/warehouse";

    @TempDir
    Path tmp;

    private SparkSession session() {
        final SparkSession s = spark();
        SparkSession.setActiveSession(s);
        return s;
    }

    @AfterEach
    void defaultThreads() {
        spark().conf().unset(ConcurrentFileCalls.THREADS);
    }

    private static List<Integer> upTo(int n) {
        return IntStream.range(0, n).boxed().toList();
    }

    /**
     * The calls overlap: each of the first four waits until four are in flight, which one thread
     * after another would never reach (the latch would time out and the test fail); no more than
     * the threads allowed are ever in flight; the results come in the items' order.
     */
    @Test
    void callsRunSideBySideAtMostThreadsAtOnceAndResultsKeepTheItemsOrder() {
        session().conf().set(ConcurrentFileCalls.THREADS, "4");
        final CountDownLatch fourInFlight = new CountDownLatch(4);
        final AtomicInteger inFlight = new AtomicInteger();
        final AtomicInteger most = new AtomicInteger();
        final List<Integer> squares = ConcurrentFileCalls.map(REMOTE, upTo(40), i -> {
            most.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            try {
                if (i < 4) {
                    fourInFlight.countDown();
                    Assertions.assertTrue(fourInFlight.await(20, TimeUnit.SECONDS), "four calls in flight at once");
                }
                return i * i;
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            } finally {
                inFlight.decrementAndGet();
            }
        });
        assertEquals(IntStream.range(0, 40).map(i -> i * i).boxed().toList(), squares);
        assertEquals(4, most.get(), "at most the threads allowed, and all of them used");
    }

    /** With one thread the calls run one after another on the calling thread. */
    @Test
    void oneThreadRunsTheCallsOnTheCallersThreadInOrder() {
        session().conf().set(ConcurrentFileCalls.THREADS, "1");
        final List<Integer> order = new ArrayList<>();
        final Thread caller = Thread.currentThread();
        ConcurrentFileCalls.forEach(REMOTE, upTo(10), i -> {
            assertSame(caller, Thread.currentThread());
            order.add(i);
        });
        assertEquals(upTo(10), order);
    }

    /**
     * Every item is attempted though some fail, on three threads or one; the first failure in the
     * items' order is thrown whatever the timing (on three threads the later one ends first), the
     * other attached to it.
     */
    @Test
    void everyItemIsAttemptedAndTheFirstFailureInOrderIsThrown() {
        everyItemIsAttemptedAndTheFirstFailureInOrderIsThrown("3");
        everyItemIsAttemptedAndTheFirstFailureInOrderIsThrown("1");
    }

    private void everyItemIsAttemptedAndTheFirstFailureInOrderIsThrown(String threads) {
        session().conf().set(ConcurrentFileCalls.THREADS, threads);
        final Set<Integer> attempted = Collections.synchronizedSet(new HashSet<>());
        final IllegalStateException thrown = assertThrows(
                IllegalStateException.class,
                () -> ConcurrentFileCalls.forEach(REMOTE, upTo(12), i -> {
                    attempted.add(i);
                    if (i == 2) {
                        sleep(200);
                        throw new IllegalStateException("item 2");
                    }
                    if (i == 7) {
                        throw new IllegalStateException("item 7");
                    }
                }));
        assertEquals("item 2", thrown.getMessage());
        assertEquals(1, thrown.getSuppressed().length);
        assertEquals("item 7", thrown.getSuppressed()[0].getMessage());
        assertEquals(new HashSet<>(upTo(12)), attempted);
    }

    /** The workers see the caller's session (whose Hadoop configuration the file calls use), and leave none behind. */
    @Test
    void theWorkersRunWithTheCallersSession() {
        final SparkSession s = session();
        s.conf().set(ConcurrentFileCalls.THREADS, "4");
        final List<SparkSession> seen = ConcurrentFileCalls.map(
                REMOTE, upTo(16), i -> SparkSession.getActiveSession().get());
        seen.forEach(active -> assertSame(s, active));
        SparkSession.clearActiveSession();
        final List<Boolean> none = ConcurrentFileCalls.map(
                REMOTE, upTo(16), i -> SparkSession.getActiveSession().isDefined());
        assertEquals(Collections.nCopies(16, false), none, "no session when the caller has none");
        SparkSession.setActiveSession(s);
    }

    /**
     * Unset, one thread on the local file system and eight on any other (and without a session);
     * set, the setting wherever the files are; a setting that is not a positive number is refused.
     */
    @Test
    void threadsByFileSystemUnlessSetAndABadSettingIsRefused() {
        final SparkSession s = session();
        final String local = tmp.toUri().toString();
        assertEquals(1, ConcurrentFileCalls.threads(s, local));
        assertEquals(ConcurrentFileCalls.DEFAULT_THREADS, ConcurrentFileCalls.threads(s, REMOTE));
        assertEquals(ConcurrentFileCalls.DEFAULT_THREADS, ConcurrentFileCalls.threads(s, "s3a://bucket/warehouse"));
        assertEquals(ConcurrentFileCalls.DEFAULT_THREADS, ConcurrentFileCalls.threads(null, REMOTE));
        assertEquals(1, ConcurrentFileCalls.threads(null, local));
        s.conf().set(ConcurrentFileCalls.THREADS, " 3 ");
        assertEquals(3, ConcurrentFileCalls.threads(s, local));
        assertEquals(3, ConcurrentFileCalls.threads(s, REMOTE));
        for (String bad : new String[] {"0", "-2", "eight", ""}) {
            s.conf().set(ConcurrentFileCalls.THREADS, bad);
            final UsageException e = assertThrows(UsageException.class, () -> ConcurrentFileCalls.threads(s, REMOTE));
            Assertions.assertTrue(e.getMessage().startsWith(ConcurrentFileCalls.THREADS), e.getMessage());
        }
    }

    /** On the local file system, unset, the calls stay on the calling thread. */
    @Test
    void onTheLocalFileSystemTheCallsStayOnTheCallersThread() {
        session();
        final Thread caller = Thread.currentThread();
        final List<Thread> threads =
                ConcurrentFileCalls.map(tmp.toUri().toString(), upTo(20), i -> Thread.currentThread());
        threads.forEach(t -> assertSame(caller, t));
    }

    /**
     * A commit of many partitions made with one thread and with eight leaves the same table: the
     * same partitions, rows and manifests' files lines and checksums (only the time written differs).
     */
    @Test
    void aCommitWithOneThreadAndWithEightLeavesTheSameTable() throws Exception {
        final DatasetSchema schema = new DatasetSchema(
                "concurrent_commit",
                1,
                new StructType(new StructField[] {
                    DatasetSchema.field("v", DataTypes.LongType, false, "a value"),
                    DatasetSchema.field("p", DataTypes.IntegerType, false, "the partition"),
                }),
                List.of("p"),
                "rows in many partitions");
        final List<Row> rows = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            rows.add(RowFactory.create((long) i * 7919, i % 23));
        }
        final List<List<String>> manifests = new ArrayList<>();
        for (String threads : new String[] {"1", "8"}) {
            session().conf().set(ConcurrentFileCalls.THREADS, threads);
            final Path out = tmp.resolve("t" + threads);
            final Warehouse warehouse = new Warehouse(out);
            CensusCommit.commit(
                    spark(),
                    warehouse,
                    schema,
                    spark().createDataFrame(rows, schema.struct()).repartition(5),
                    TablePartition.range(0, 22),
                    CensusCommit.Check.none());
            CensusCommit.commit(
                    spark(),
                    warehouse,
                    schema,
                    spark().createDataFrame(rows, schema.struct()).repartition(3),
                    TablePartition.range(0, 22),
                    CensusCommit.Check.none()); // every partition replaced
            final Path table = out.resolve("warehouse").resolve(schema.table());
            final List<String> lines = new ArrayList<>();
            try (var listing = Files.list(table.resolve(Manifests.DIR))) {
                for (Path m : listing.sorted().toList()) {
                    for (String line : Files.readAllLines(m)) {
                        if (line.startsWith("rows=") || line.startsWith("checksum=") || line.startsWith("partition=")) {
                            lines.add(m.getFileName() + " " + line);
                        }
                    }
                }
            }
            try (var listing = Files.list(table)) {
                assertEquals(26, listing.count(), "23 partitions, the manifests, the schema file and the last commit");
            }
            try (var listing = Files.list(out.resolve("warehouse"))) {
                assertEquals(
                        List.of(schema.table()),
                        listing.map(p -> p.getFileName().toString()).toList(),
                        "no staging, lease or commit record left");
            }
            assertEquals(3000, spark().read().parquet(table.toString()).count());
            final Manifests.Verified verified = Manifests.verify(spark(), warehouse, List.of(schema));
            assertEquals(List.of(), verified.problems());
            final List<String> checked = verified.partitions();
            assertEquals(23, checked.size(), "every partition checked against its manifest");
            manifests.add(lines);
        }
        assertEquals(23 * 3, manifests.get(0).size());
        assertArrayEquals(manifests.get(0).toArray(), manifests.get(1).toArray());
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
