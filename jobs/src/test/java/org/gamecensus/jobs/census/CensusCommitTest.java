package org.gamecensus.jobs.census;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.gamecensus.jobs.lumberjack.LumberjackJob;
import org.gamecensus.schemas.lumberjack.LumberjackSchemas;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one-pass commit: tallies and manifests observed while the rows are written, nothing published on a failed check. */
class CensusCommitTest extends SparkCensusTest {

    @TempDir
    Path tmp;

    @Test
    void talliesAndManifestsComeFromTheRowsCommitted() {
        final Warehouse w = new Warehouse(tmp.resolve("out"));
        final Dataset<Row> trees = LumberjackJob.trees(spark(), 9, 3);
        final long pPositions = trees.filter("grundy = 0").count();
        final Row tally = CensusCommit.commit(trees, w, LumberjackSchemas.TREES, CensusCommit.partitionRange(0, 9),
                LumberjackJob.CHECK,
                CensusCommit.countIf(functions.col("grundy").equalTo(0)), CensusCommit.countIf(functions.lit(true)));
        assertEquals(trees.count(), tally.getLong(0), "row count");
        assertEquals(pPositions, tally.getLong(1), "P-positions");
        assertEquals(tally.getLong(0), tally.getLong(2), "a tally summed over the partitions");
        final List<String> checked = new ArrayList<>();
        assertEquals(List.of(), Manifests.verify(spark(), w, LumberjackSchemas.ALL, checked));
        assertEquals(10, checked.size(), "a manifest per edge count 0..9, each matching the rows read back");
    }

    @Test
    void aFailedCheckWritesNothing() {
        final Warehouse w = new Warehouse(tmp.resolve("out"));
        final Dataset<Row> doctored = LumberjackJob.trees(spark(), 7, 2)
                .withColumn("agree", functions.when(functions.col("encoding").equalTo("(()())"), false)
                        .otherwise(functions.col("agree")));
        final CensusFailure failure = assertThrows(CensusFailure.class, () -> CensusCommit.commit(doctored, w,
                LumberjackSchemas.TREES, CensusCommit.partitionRange(0, 7), LumberjackJob.CHECK));
        Assertions.assertTrue(failure.getMessage().startsWith("1 tree(s) where brute force and the Tuft principle"
                + " disagree"), failure.getMessage());
        Assertions.assertFalse(w.exists(), "nothing written");
    }

    @Test
    void rowsOutsideTheListedPartitionsFailTheCommit() {
        final Warehouse w = new Warehouse(tmp.resolve("out"));
        final Dataset<Row> trees = LumberjackJob.trees(spark(), 6, 2);
        final IllegalStateException e = assertThrows(IllegalStateException.class, () -> CensusCommit.commit(trees, w,
                LumberjackSchemas.TREES, CensusCommit.partitionRange(0, 5), LumberjackJob.CHECK));
        Assertions.assertTrue(e.getMessage().startsWith("48 of 85 rows of lumberjack lie outside"), e.getMessage());
        Assertions.assertFalse(w.exists(), "nothing written");
    }

    @Test
    void aSecondCommitReplacesOnlyItsOwnPartitionsAndTheManifestsFollow() {
        final Warehouse w = new Warehouse(tmp.resolve("out"));
        CensusCommit.commit(LumberjackJob.trees(spark(), 6, 2), w, LumberjackSchemas.TREES,
                CensusCommit.partitionRange(0, 6), LumberjackJob.CHECK);
        // Again with edges 5 and 6 only: their partitions are replaced, 0..4 kept.
        final Dataset<Row> upper = LumberjackJob.trees(spark(), 6, 3).filter("edges >= 5");
        final Row tally = CensusCommit.commit(upper, w, LumberjackSchemas.TREES,
                CensusCommit.partitionRange(0, 6), LumberjackJob.CHECK);
        assertEquals(20 + 48, tally.getLong(0), "edges 5 and 6: 20 and 48 rooted trees");
        final Dataset<Row> all = spark().read().parquet(w.tablePath("lumberjack"));
        assertEquals(85, all.count(), "rooted trees with 0..6 edges, 1+1+2+4+9+20+48: none twice, none lost");
        final List<String> checked = new ArrayList<>();
        assertEquals(List.of(), Manifests.verify(spark(), w, LumberjackSchemas.ALL, checked));
        assertEquals(7, checked.size());
        Assertions.assertFalse(java.nio.file.Files.exists(tmp.resolve("out/warehouse/lumberjack/_staging")),
                "no staging directory left");
    }

    /**
     * A commit listing one partition writes that partition's directory itself (no partitioned
     * write): the table reads back as a partitioned write's would, its manifest verifies, no
     * committer marker is left among the partition's files, and a row outside the one partition
     * still fails the commit with nothing written.
     */
    @Test
    void aCommitToOnePartitionReadsBackAsAPartitionedWriteAndStillRefusesRowsOutsideIt() {
        final Warehouse w = new Warehouse(tmp.resolve("out"));
        final Dataset<Row> six = LumberjackJob.trees(spark(), 6, 2).filter("edges = 6");
        final Row tally = CensusCommit.commit(six, w, LumberjackSchemas.TREES, CensusCommit.partitionRange(6, 6),
                LumberjackJob.CHECK);
        assertEquals(48, tally.getLong(0), "rooted trees of 6 edges");
        final Dataset<Row> back = spark().read().parquet(w.tablePath("lumberjack"));
        assertEquals(six.schema().fieldNames().length, back.schema().fieldNames().length, "the partition column from the directory");
        final Dataset<Row> committed = six.selectExpr(back.columns());
        assertEquals(0, committed.exceptAll(back).count() + back.exceptAll(committed).count(),
                "the rows committed, edges included");
        final List<String> checked = new ArrayList<>();
        assertEquals(List.of(), Manifests.verify(spark(), w, LumberjackSchemas.ALL, checked));
        assertEquals(1, checked.size());
        final Path partition = tmp.resolve("out/warehouse/lumberjack/edges=6");
        Assertions.assertTrue(java.nio.file.Files.isDirectory(partition), "the partition's directory, as Spark names it");
        Assertions.assertFalse(java.nio.file.Files.exists(partition.resolve("_SUCCESS")), "no committer marker");

        final Warehouse other = new Warehouse(tmp.resolve("other"));
        final IllegalStateException e = assertThrows(IllegalStateException.class, () -> CensusCommit.commit(
                LumberjackJob.trees(spark(), 6, 2), other, LumberjackSchemas.TREES, CensusCommit.partitionRange(6, 6),
                LumberjackJob.CHECK));
        Assertions.assertTrue(e.getMessage().startsWith("37 of 85 rows of lumberjack lie outside"), e.getMessage());
        Assertions.assertFalse(other.exists(), "nothing written");
    }
}
