package org.gamecensus.jobs.census;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.spark.TaskContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.gamecensus.jobs.lumberjack.LumberjackJob;
import org.gamecensus.schemas.DatasetSchema;
import org.gamecensus.schemas.lumberjack.LumberjackSchemas;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The one-pass commit, both ways in: a slice census written by the tasks that compute it, and a
 * dataset written by Spark. Tallies and manifests come from the rows committed, nothing is
 * published on a failed check or a row outside the listed partitions, a later commit replaces
 * only its own partitions, and a task that fails midway leaves nothing of its attempt behind.
 */
class CensusCommitTest extends SparkCensusTest {

    @TempDir
    Path tmp;

    /** A change to each row of a census (null drops it), for doctored censuses. */
    interface RowEdit extends Serializable {
        Row apply(Row row);
    }

    /** {@code census} with each row passed through {@code edit}. */
    static SliceCensus doctored(SliceCensus census, RowEdit edit) {
        final SliceKernel kernel = census.kernel();
        return new SliceCensus(
                census.ids(), census.partitions(), ids -> edited(kernel.decide(ids), edit), census.schema());
    }

    private static Iterator<Row> edited(Iterator<Row> rows, RowEdit edit) {
        return new Iterator<>() {
            private Row next;

            @Override
            public boolean hasNext() {
                while (next == null && rows.hasNext()) {
                    next = edit.apply(rows.next());
                }
                return next != null;
            }

            @Override
            public Row next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                final Row r = next;
                next = null;
                return r;
            }
        };
    }

    /** Rows with {@code agree} false for the tree {@code encoding}. */
    private static RowEdit disagreeOn(String encoding) {
        return row -> {
            if (!row.getString(0).equals(encoding)) {
                return row;
            }
            final Object[] v = new Object[row.size()];
            for (int i = 0; i < v.length; i++) {
                v[i] = row.get(i);
            }
            v[LumberjackSchemas.TREES.struct().fieldIndex("agree")] = false;
            return RowFactory.create(v);
        };
    }

    private static RowEdit edgesAtLeast(int edges) {
        return row -> row.getInt(row.size() - 1) >= edges ? row : null;
    }

    private List<String> verified(Warehouse w) {
        final Manifests.Verified verified = Manifests.verify(spark(), w, LumberjackSchemas.ALL);
        assertEquals(List.of(), verified.problems());
        final List<String> checked = verified.partitions();
        return checked;
    }

    @Test
    void talliesAndManifestsComeFromTheRowsCommitted() {
        final SliceCensus census = LumberjackJob.slices(spark(), 9, 3);
        final Dataset<Row> trees = census.rows(spark());
        final long pPositions = trees.filter("grundy = 0").count();
        final Warehouse direct = new Warehouse(tmp.resolve("direct"));
        final CensusCommit.Committed tally = CensusCommit.commit(
                spark(),
                direct,
                census,
                TablePartition.range(0, 9),
                LumberjackJob.CHECK,
                RowCondition.equalTo("grundy", 0),
                RowCondition.always());
        final Warehouse viaSpark = new Warehouse(tmp.resolve("spark"));
        final CensusCommit.Committed sparkTally = CensusCommit.commit(
                spark(),
                viaSpark,
                LumberjackSchemas.TREES,
                trees,
                TablePartition.range(0, 9),
                LumberjackJob.CHECK,
                RowCondition.equalTo("grundy", 0),
                RowCondition.always());
        for (CensusCommit.Committed t : List.of(tally, sparkTally)) {
            assertEquals(trees.count(), t.rows(), "row count");
            assertEquals(pPositions, t.tally(0), "P-positions");
            assertEquals(t.rows(), t.tally(1), "a tally summed over the partitions");
        }
        assertEquals(10, verified(direct).size(), "a manifest per edge count 0..9, each matching the rows read back");
        assertEquals(10, verified(viaSpark).size());
        assertDataFrameNoOrderEquals(
                spark().read().parquet(viaSpark.tablePath("lumberjack")),
                spark().read().parquet(direct.tablePath("lumberjack")));
    }

    /**
     * The manifests' sizes and CRC-32s come from the tasks' writers, so a commit — plain, replacing
     * an earlier one, or in chunks — reads back none of the bytes it wrote (before, the driver
     * read every file: on a cluster, the whole census through one machine), and the manifests
     * still match the files on disk.
     */
    @Test
    void aCommitReadsBackNoneOfTheFilesItWrote() throws IOException {
        final Warehouse w = new Warehouse(tmp.resolve("out"));
        final long before = bytesRead();
        LumberjackJob.census(spark(), w, 9, 3);
        assertEquals(0, bytesRead() - before, "bytes read through Hadoop's file systems by a first census");
        // Replacing partitions reads their manifests (what they are a census of, checked before the run
        // claims them), the table's schema file (its partition layout, checked with them) and the
        // table's last commit (before the claim, once it stands and as the commit is decided:
        // unchanged, so the manifests are not read again), and nothing else.
        long manifests = 3 * Files.size(tmp.resolve("out/warehouse/lumberjack/" + Warehouse.LAST_COMMIT))
                + Files.size(tmp.resolve("out/warehouse/lumberjack/" + Warehouse.SCHEMA_FILE));
        try (Stream<Path> m = Files.list(tmp.resolve("out/warehouse/lumberjack/_manifest"))) {
            for (Path p : m.toList()) {
                manifests += Files.size(p);
            }
        }
        final long second = bytesRead();
        LumberjackJob.census(spark(), w, 9, 2);
        assertEquals(
                manifests, bytesRead() - second, "bytes read by a census replacing its partitions: their manifests");
        final long chunked = bytesRead();
        LumberjackJob.censusInChunks(spark(), new Warehouse(tmp.resolve("chunked")), 9, 0, 3);
        assertEquals(0, bytesRead() - chunked, "bytes read by a census in chunks");
        assertEquals(10, verified(w).size(), "and every manifest matches its files read back");
        assertEquals(10, verified(new Warehouse(tmp.resolve("chunked"))).size());
    }

    /**
     * Rows Spark's own writer wrote (the path of the layered Hex solve's joins) come with no
     * writer's entries: their files' CRC-32s come from a Spark job, so the driver reads none of
     * them (before, it read every file back).
     */
    @Test
    void aCommitOfRowsSparkWroteReadsNoneOfTheFilesOnTheDriver() {
        final Dataset<Row> trees = LumberjackJob.slices(spark(), 9, 3).rows(spark());
        final Warehouse w = new Warehouse(tmp.resolve("spark"));
        final long before = driverBytesRead();
        CensusCommit.commit(
                spark(), w, LumberjackSchemas.TREES, trees, TablePartition.range(0, 9), LumberjackJob.CHECK);
        assertEquals(0, driverBytesRead() - before, "bytes the driver's thread read");
        assertEquals(10, verified(w).size(), "and every manifest matches its files read back");
    }

    /** Bytes read so far through every Hadoop file system of this JVM (the driver's and, in local mode, the tasks'). */
    @SuppressWarnings("deprecation")
    private static long bytesRead() {
        long n = 0;
        for (FileSystem.Statistics s : FileSystem.getAllStatistics()) {
            n += s.getBytesRead();
        }
        return n;
    }

    @Test
    void aFailedCheckWritesNothingAndQuotesTheFailingRows() {
        final Warehouse w = new Warehouse(tmp.resolve("out"));
        final SliceCensus census = doctored(LumberjackJob.slices(spark(), 7, 2), disagreeOn("(()())"));
        final CensusFailure failure = assertThrows(
                CensusFailure.class,
                () -> CensusCommit.commit(spark(), w, census, TablePartition.range(0, 7), LumberjackJob.CHECK));
        Assertions.assertTrue(
                failure.getMessage()
                        .startsWith(
                                "1 tree(s) where brute force and the Tuft principle" + " disagree, e.g. [[2,(()()),"),
                failure.getMessage());
        Assertions.assertFalse(w.exists(), "nothing written");

        final Warehouse viaSpark = new Warehouse(tmp.resolve("spark"));
        final Dataset<Row> rows = census.rows(spark());
        final CensusFailure sparkFailure = assertThrows(
                CensusFailure.class,
                () -> CensusCommit.commit(
                        spark(),
                        viaSpark,
                        LumberjackSchemas.TREES,
                        rows,
                        TablePartition.range(0, 7),
                        LumberjackJob.CHECK));
        assertEquals(failure.getMessage(), sparkFailure.getMessage(), "the same report either way");
        Assertions.assertFalse(viaSpark.exists(), "nothing written");
    }

    @Test
    void theQuotedRowsDoNotDependOnThePartitioning() {
        final SliceCensus everyTree = doctored(LumberjackJob.slices(spark(), 8, 1), row -> {
            final Object[] v = new Object[row.size()];
            for (int i = 0; i < v.length; i++) {
                v[i] = row.get(i);
            }
            v[LumberjackSchemas.TREES.struct().fieldIndex("agree")] = false;
            return RowFactory.create(v);
        });
        final List<String> messages = new ArrayList<>();
        for (int partitions : new int[] {1, 3, 8}) {
            final SliceCensus c = new SliceCensus(everyTree.ids(), partitions, everyTree.kernel(), everyTree.schema());
            messages.add(assertThrows(
                            CensusFailure.class,
                            () -> CensusCommit.commit(
                                    spark(),
                                    new Warehouse(tmp.resolve("p" + partitions)),
                                    c,
                                    TablePartition.range(0, 8),
                                    LumberjackJob.CHECK))
                    .getMessage());
        }
        Assertions.assertTrue(messages.get(0).startsWith("486 tree(s)"), messages.get(0));
        assertEquals(messages.get(0), messages.get(1));
        assertEquals(messages.get(0), messages.get(2));
    }

    @Test
    void rowsOutsideTheListedPartitionsFailTheCommit() {
        final Warehouse w = new Warehouse(tmp.resolve("out"));
        final IllegalStateException e = assertThrows(
                IllegalStateException.class,
                () -> CensusCommit.commit(
                        spark(),
                        w,
                        LumberjackJob.slices(spark(), 6, 2),
                        TablePartition.range(0, 5),
                        LumberjackJob.CHECK));
        Assertions.assertTrue(e.getMessage().startsWith("48 of 85 rows of lumberjack lie outside"), e.getMessage());
        Assertions.assertFalse(w.exists(), "nothing written");

        final IllegalStateException viaSpark = assertThrows(
                IllegalStateException.class,
                () -> CensusCommit.commit(
                        spark(),
                        w,
                        LumberjackSchemas.TREES,
                        LumberjackJob.trees(spark(), 6, 2),
                        TablePartition.range(0, 5),
                        LumberjackJob.CHECK));
        assertEquals(e.getMessage(), viaSpark.getMessage());
        Assertions.assertFalse(w.exists(), "nothing written");
    }

    @Test
    void aSecondCommitReplacesOnlyItsOwnPartitionsAndTheManifestsFollow() {
        final Warehouse w = new Warehouse(tmp.resolve("out"));
        CensusCommit.commit(
                spark(), w, LumberjackJob.slices(spark(), 6, 2), TablePartition.range(0, 6), LumberjackJob.CHECK);
        // Again with edges 5 and 6 only: their partitions are replaced, 0..4 kept.
        final CensusCommit.Committed tally = CensusCommit.commit(
                spark(),
                w,
                doctored(LumberjackJob.slices(spark(), 6, 3), edgesAtLeast(5)),
                TablePartition.range(0, 6),
                LumberjackJob.CHECK);
        assertEquals(20 + 48, tally.rows(), "edges 5 and 6: 20 and 48 rooted trees");
        // And edge 6 once more from a Spark SQL dataset.
        CensusCommit.commit(
                spark(),
                w,
                LumberjackSchemas.TREES,
                LumberjackJob.trees(spark(), 6, 3).filter("edges = 6"),
                TablePartition.range(0, 6),
                LumberjackJob.CHECK);
        final Dataset<Row> all = spark().read().parquet(w.tablePath("lumberjack"));
        assertEquals(85, all.count(), "rooted trees with 0..6 edges, 1+1+2+4+9+20+48: none twice, none lost");
        assertEquals(7, verified(w).size());
        Assertions.assertFalse(Files.exists(tmp.resolve("out/warehouse/_staging")), "no staging directory left");
        Assertions.assertFalse(Files.exists(tmp.resolve("out/warehouse/_runs")), "no lease left");
        Assertions.assertFalse(Files.exists(tmp.resolve("out/warehouse/_commits")), "no commit record left");
    }

    /**
     * A commit listing one partition writes that partition's directory itself: the table reads
     * back as a partitioned write's would, its manifest verifies, no committer marker is left
     * among the partition's files, and a row outside the one partition still fails the commit
     * with nothing written.
     */
    @Test
    void aCommitToOnePartitionReadsBackAsAPartitionedWriteAndStillRefusesRowsOutsideIt() {
        final RowEdit sixOnly = row -> row.getInt(row.size() - 1) == 6 ? row : null;
        final SliceCensus six = doctored(LumberjackJob.slices(spark(), 6, 2), sixOnly);
        final Dataset<Row> committed = six.rows(spark());
        for (boolean direct : new boolean[] {true, false}) {
            final Warehouse w = new Warehouse(tmp.resolve(direct ? "direct" : "spark"));
            final CensusCommit.Committed tally = direct
                    ? CensusCommit.commit(spark(), w, six, TablePartition.range(6, 6), LumberjackJob.CHECK)
                    : CensusCommit.commit(
                            spark(),
                            w,
                            LumberjackSchemas.TREES,
                            committed,
                            TablePartition.range(6, 6),
                            LumberjackJob.CHECK);
            assertEquals(48, tally.rows(), "rooted trees of 6 edges");
            final Dataset<Row> back = spark().read().parquet(w.tablePath("lumberjack"));
            assertEquals(
                    committed.schema().fieldNames().length,
                    back.schema().fieldNames().length,
                    "the partition column from the directory");
            final Dataset<Row> expected = committed.selectExpr(back.columns());
            assertEquals(
                    0,
                    expected.exceptAll(back).count() + back.exceptAll(expected).count(),
                    "the rows committed, edges included");
            assertEquals(1, verified(w).size());
            final Path partition = w.out().resolve("warehouse/lumberjack/edges=6");
            Assertions.assertTrue(Files.isDirectory(partition), "the partition's directory, as Spark names it");
            Assertions.assertFalse(Files.exists(partition.resolve("_SUCCESS")), "no committer marker");
        }
        final Warehouse other = new Warehouse(tmp.resolve("other"));
        final IllegalStateException e = assertThrows(
                IllegalStateException.class,
                () -> CensusCommit.commit(
                        spark(),
                        other,
                        LumberjackJob.slices(spark(), 6, 2),
                        TablePartition.range(6, 6),
                        LumberjackJob.CHECK));
        Assertions.assertTrue(e.getMessage().startsWith("37 of 85 rows of lumberjack lie outside"), e.getMessage());
        Assertions.assertFalse(other.exists(), "nothing written");
    }

    /** The kernel of {@code census}, its task 1's first attempt failing at its 40th row. */
    private static SliceKernel failingAtRow40OfTask1(SliceCensus census) {
        final SliceKernel base = census.kernel();
        return ids -> {
            final TaskContext task = TaskContext.get();
            final boolean fail = task != null && task.partitionId() == 1 && task.attemptNumber() == 0;
            final int[] seen = {0};
            return edited(base.decide(ids), row -> {
                if (fail && ++seen[0] == 40) {
                    throw new FaultInjection.InjectedFault("injected failure after 39 rows of task 1");
                }
                return row;
            });
        };
    }

    /**
     * A task whose first attempt fails after writing part of its rows: its files are deleted,
     * Spark's retry writes them again under the next attempt's name, and the table holds each row
     * once, with only the retry's file of that task.
     */
    @Test
    void aTaskFailingMidwayLeavesNothingOfItsAttempt() throws IOException {
        final SliceCensus census = LumberjackJob.slices(spark(), 9, 3);
        final Warehouse w = new Warehouse(tmp.resolve("out"));
        final CensusCommit.Committed tally = CensusCommit.commit(
                spark(),
                w,
                new SliceCensus(census.ids(), 3, failingAtRow40OfTask1(census), census.schema()),
                TablePartition.range(0, 9),
                LumberjackJob.CHECK);
        assertEquals(census.rows(spark()).count(), tally.rows());
        final Dataset<Row> back = spark().read().parquet(w.tablePath("lumberjack"));
        final Dataset<Row> expected = census.rows(spark()).selectExpr(back.columns());
        assertEquals(
                0, expected.exceptAll(back).count() + back.exceptAll(expected).count(), "each row once");
        assertEquals(10, verified(w).size());
        final List<String> names;
        try (Stream<Path> files = Files.walk(w.out().resolve("warehouse/lumberjack"))) {
            names = files.map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith("part-00001-"))
                    .toList();
        }
        Assertions.assertFalse(names.isEmpty(), "task 1 wrote files");
        Assertions.assertTrue(names.stream().allMatch(n -> n.contains("-a1.")), "only the retry's files: " + names);
    }

    /**
     * A job that fails while its other tasks are still running (task 0 fails every attempt; the
     * others reach their first row half a second in) leaves nothing behind: Spark only marks those
     * tasks killed, and they must stop before their next row rather than write into the staging
     * directory the commit removes ({@link CommitTasksTest} has the commit's wait for them); and the
     * commit's run ends on Spark's undeclared SparkException too, or its lease and claims would
     * hold the partitions for as long as the JVM lives.
     */
    @Test
    void aJobThatFailsMidwayLeavesNoFileOfItsOtherTasks() throws Exception {
        final SliceCensus census = LumberjackJob.slices(spark(), 10, 4);
        final SliceKernel base = census.kernel();
        final SliceKernel failing = ids -> {
            if (TaskContext.get().partitionId() == 0) {
                throw new FaultInjection.InjectedFault("injected failure of every attempt of task 0");
            }
            final boolean[] first = {true};
            return edited(base.decide(ids), row -> {
                if (first[0]) {
                    first[0] = false;
                    try {
                        Thread.sleep(500);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                return row;
            });
        };
        final Warehouse w = new Warehouse(tmp.resolve("out"));
        final Exception e = assertThrows(
                Exception.class,
                () -> CensusCommit.commit(
                        spark(),
                        w,
                        new SliceCensus(census.ids(), 4, failing, census.schema()),
                        TablePartition.range(0, 10),
                        LumberjackJob.CHECK));
        Assertions.assertTrue(String.valueOf(e.getMessage()).contains("task 0"), "task 0's failure: " + e);
        // Any task that wrote on, had it not stopped, has left its files by now.
        awaitNoRunningTasks();
        final List<Path> left;
        try (Stream<Path> files = Files.walk(tmp.resolve("out"))) {
            left = files.toList();
        }
        assertEquals(List.of(tmp.resolve("out")), left, "nothing left by the failed commit");
    }

    /**
     * Files of a write that it did not take (an attempt whose result was not used) are dropped
     * before the partitions move in; another write's files beside them (an earlier chunk's) stay.
     */
    @Test
    void onlyTheFilesOfTakenAttemptsArePublished() throws IOException {
        final Path staging = tmp.resolve("staging");
        Files.createDirectories(staging.resolve("edges=3"));
        Files.writeString(staging.resolve("edges=3/part-00000-x-a0.snappy.parquet"), "taken");
        Files.writeString(staging.resolve("edges=3/part-00000-x-a1.snappy.parquet"), "speculative copy");
        Files.writeString(staging.resolve("edges=3/part-00000-y-a0.snappy.parquet"), "an earlier chunk's");
        Warehouse.keepOnly(
                staging.toUri().toString().replaceAll("/$", ""),
                LumberjackSchemas.TREES,
                List.of(RowFactory.create(3, 1L, "0")),
                Set.of("edges=3/part-00000-x-a0.snappy.parquet"),
                "x");
        try (Stream<Path> files = Files.list(staging.resolve("edges=3"))) {
            assertEquals(
                    List.of("part-00000-x-a0.snappy.parquet", "part-00000-y-a0.snappy.parquet"),
                    files.map(p -> p.getFileName().toString()).sorted().toList());
        }
    }

    @Test
    void sparksCodecNamesAreParquetsCodecs() {
        assertEquals(CompressionCodecName.SNAPPY, CensusWriteTask.compression("snappy"));
        assertEquals(CompressionCodecName.UNCOMPRESSED, CensusWriteTask.compression("none"));
        assertEquals(CompressionCodecName.LZ4_RAW, CensusWriteTask.compression("lz4raw"));
        assertEquals(CompressionCodecName.ZSTD, CensusWriteTask.compression("ZSTD"));
        Assertions.assertTrue(assertThrows(UsageException.class, () -> CensusWriteTask.compression("zip"))
                .getMessage()
                .contains("zip"));
    }

    /** The Hadoop configuration shipped to the writing tasks is broadcast again when a session setting changes, not before. */
    @Test
    void theShippedHadoopConfigurationFollowsTheSessionsSettings() {
        final var first = CensusCommit.hadoopConfiguration(spark());
        Assertions.assertSame(
                first, CensusCommit.hadoopConfiguration(spark()), "unchanged settings: the same broadcast");
        spark().conf().set("spark.hadoop.gamecensus.test.setting", "on");
        try {
            final var changed = CensusCommit.hadoopConfiguration(spark());
            Assertions.assertNotSame(first, changed);
            assertEquals(
                    "on",
                    changed.value().value().get("spark.hadoop.gamecensus.test.setting"),
                    "the session's setting travels with it");
        } finally {
            spark().conf().unset("spark.hadoop.gamecensus.test.setting");
        }
    }

    /**
     * Rows of a table partitioned by two columns, every partition's rows interleaved with the
     * others' in each task, each land in their own partition's directory; a row whose values
     * match no listed pair (though each value alone is listed) fails the commit.
     */
    @Test
    void rowsInterleavedOverTwoPartitionColumnsLandInTheirOwnPartitions() {
        final DatasetSchema pairs = new DatasetSchema(
                "pairs",
                1,
                new StructType()
                        .add("x", DataTypes.IntegerType, false)
                        .add("a", DataTypes.IntegerType, false)
                        .add("b", DataTypes.StringType, false),
                List.of("a", "b"),
                "x by x mod 3 and parity");
        final SliceKernel byResidue = ids -> {
            final List<Row> rows = new ArrayList<>();
            ids.forEachRemaining(
                    id -> rows.add(RowFactory.create(id.intValue(), id.intValue() % 3, id % 2 == 0 ? "even" : "odd")));
            return rows.iterator();
        };
        final List<TablePartition> partitions = new ArrayList<>();
        for (int a = 0; a < 3; a++) {
            for (String b : List.of("even", "odd")) {
                partitions.addAll(TablePartition.of(a, b));
            }
        }
        final Warehouse w = new Warehouse(tmp.resolve("pairs"));
        final CensusCommit.Committed tally = CensusCommit.commit(
                spark(), w, SliceCensus.of(60, 3, byResidue, pairs), partitions, CensusCommit.Check.none());
        assertEquals(60, tally.rows());
        final Dataset<Row> back = spark().read().parquet(w.tablePath("pairs"));
        assertEquals(
                60, back.filter("x % 3 = a AND (x % 2 = 0) = (b = 'even')").count(), "every row in its own partition");
        assertEquals(6, back.select("a", "b").distinct().count());

        final Warehouse other = new Warehouse(tmp.resolve("other"));
        final IllegalStateException e = assertThrows(
                IllegalStateException.class,
                () -> CensusCommit.commit(
                        spark(),
                        other,
                        SliceCensus.of(60, 3, byResidue, pairs),
                        partitions.subList(0, 5),
                        CensusCommit.Check.none()));
        Assertions.assertTrue(e.getMessage().startsWith("10 of 60 rows of pairs lie outside"), e.getMessage());
        Assertions.assertFalse(other.exists(), "nothing written");
    }

    @Test
    void aCountIfOverAColumnCountsItsRows() {
        final Dataset<Row> trees = LumberjackJob.trees(spark(), 5, 2);
        assertEquals(
                trees.filter("grundy = 0").count(),
                trees.agg(CensusCommit.countIf(functions.col("grundy").equalTo(0)))
                        .first()
                        .getLong(0));
    }
}
