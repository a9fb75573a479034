package org.gamecensus.jobs.lumberjack;

import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.gamecensus.jobs.census.CensusChecks;
import org.gamecensus.jobs.census.CensusCommit;
import org.gamecensus.jobs.census.CensusDatasets;
import org.gamecensus.jobs.census.ChunkedCommit;
import org.gamecensus.jobs.census.RowCondition;
import org.gamecensus.jobs.census.SizeLimit;
import org.gamecensus.jobs.census.SliceCensus;
import org.gamecensus.jobs.census.SliceCommit;
import org.gamecensus.jobs.census.TablePartition;
import org.gamecensus.jobs.census.UsageException;
import org.gamecensus.jobs.census.Warehouse;
import org.gamecensus.schemas.lumberjack.LumberjackSchemas;

/** The Lumberjack census on Spark: every rooted tree of 0..N edges, brute force against the Tuft principle. */
public final class LumberjackJob {

    public static final int DEFAULT_MAX_EDGES = 12;

    /** Largest census: 20 edges is already 35 million trees at the top size. */
    public static final int MAX_EDGES = 20;

    /** Largest census accepted by default (setting {@code lumberjack.max-trees}): to 17 edges. */
    public static final long DEFAULT_MAX_TREES = 5_000_000L;

    /** The check of every tree: brute force and the Tuft principle agree. */
    public static final CensusCommit.Check CHECK = new CensusCommit.Check(
            RowCondition.isFalse("agree"),
            "tree(s) where brute force and the Tuft principle disagree",
            "edges",
            "encoding",
            "grundy",
            "tuft_value");

    /** The census's tally: trees of value 0. */
    private static final RowCondition P_POSITIONS = RowCondition.equalTo("grundy", 0);

    private LumberjackJob() {}

    /**
     * The number of rooted trees of 0..maxEdges edges, exactly: Cayley's recurrence for rooted
     * trees on n vertices, a(n+1) = (1/n) Σ_{k=1..n} (Σ_{d|k} d·a(d)) · a(n−k+1).
     */
    public static double treeCount(long maxEdges) {
        final int n = (int) Math.min(maxEdges + 1, 60);
        final double[] a = new double[n + 1];
        a[1] = 1;
        for (int m = 1; m < n; m++) {
            double s = 0;
            for (int k = 1; k <= m; k++) {
                double divisors = 0;
                for (int d = 1; d <= k; d++) {
                    if (k % d == 0) {
                        divisors += d * a[d];
                    }
                }
                s += divisors * a[m - k + 1];
            }
            a[m + 1] = s / m;
        }
        double sum = 0;
        for (int v = 1; v <= n; v++) {
            sum += a[v];
        }
        return sum;
    }

    /** Refuses a census of more than {@code maxTrees} trees. */
    public static void checkSize(long maxEdges, long maxTrees) {
        checkMaxEdges(maxEdges);
        SizeLimit.check(
                "the lumberjack census to " + maxEdges + " edges",
                "trees",
                treeCount(maxEdges),
                maxTrees,
                "lumberjack.max-trees");
    }

    public static void checkMaxEdges(long maxEdges) {
        if (maxEdges < 0 || maxEdges > MAX_EDGES) {
            throw new UsageException("--max-edges must be 0.." + MAX_EDGES + ", got " + maxEdges);
        }
    }

    /** Every rooted tree of 0..maxEdges edges: rows of {@link LumberjackSchemas#TREES}. */
    public static Dataset<Row> trees(SparkSession spark, int maxEdges, int partitions) {
        return slices(spark, maxEdges, partitions).rows(spark);
    }

    /** The census to {@code maxEdges} edges in {@code partitions} partitions (0: the default), as the commit takes it. */
    public static SliceCensus slices(SparkSession spark, int maxEdges, int partitions) {
        checkMaxEdges(maxEdges);
        final LumberjackSlices slices = new LumberjackSlices(maxEdges);
        final List<Long> ids = slices.sliceIds();
        return new SliceCensus(
                ids,
                partitions > 0 ? partitions : CensusDatasets.defaultPartitions(spark, ids.size()),
                slices,
                LumberjackSchemas.TREES);
    }

    /** Fails on any tree where the brute force and the Tuft principle disagree. */
    public static void check(Dataset<Row> trees) {
        CensusChecks.failIfAny(trees, CHECK.bad().column(), CHECK.what(), CHECK.show());
    }

    public record Summary(int maxEdges, long trees, long pPositions, long seconds) {
        @Override
        public String toString() {
            return "lumberjack census to " + maxEdges + " edges: " + trees + " trees, " + pPositions
                    + " P-positions; brute force and the Tuft principle agree on all (" + seconds + " s)";
        }
    }

    /** The census to {@code maxEdges} edges: its slices, partitions, check and tally, as the commit takes them. */
    public static SliceCommit plan(int maxEdges) {
        checkMaxEdges(maxEdges);
        final LumberjackSlices slices = new LumberjackSlices(maxEdges);
        return new SliceCommit(
                LumberjackSchemas.TREES,
                TablePartition.range(0, maxEdges),
                slices.sliceIds(),
                slices,
                "edges-" + maxEdges,
                CHECK,
                List.of(P_POSITIONS));
    }

    /** Runs the census, checks it and commits it (the partitions of sizes 0..maxEdges). */
    public static Summary census(SparkSession spark, Warehouse warehouse, int maxEdges, int partitions) {
        return summary(maxEdges, plan(maxEdges).commit(spark, warehouse, partitions));
    }

    /** As {@link #census}, committed in {@code chunks} resumable chunks of slices ({@link ChunkedCommit}). */
    public static ChunkedCommit.Chunked<Summary> censusInChunks(
            SparkSession spark, Warehouse warehouse, int maxEdges, int partitions, int chunks) {
        return plan(maxEdges)
                .commitInChunks(spark, warehouse, partitions, chunks)
                .map(t -> summary(maxEdges, t));
    }

    static Summary summary(int maxEdges, SliceCommit.Timed t) {
        return new Summary(maxEdges, t.rows(), t.tally(0), t.seconds());
    }
}
