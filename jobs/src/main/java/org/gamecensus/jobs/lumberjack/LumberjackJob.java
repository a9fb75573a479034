package org.gamecensus.jobs.lumberjack;

import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.gamecensus.jobs.census.CensusDatasets;
import org.gamecensus.jobs.census.CensusChecks;
import org.gamecensus.jobs.census.CensusCommit;
import org.gamecensus.jobs.census.UsageException;
import org.gamecensus.jobs.census.Warehouse;
import org.gamecensus.schemas.lumberjack.LumberjackSchemas;

/** The Lumberjack census on Spark: every rooted tree of 0..N edges, brute force against the Tuft principle. */
public final class LumberjackJob {

    public static final int DEFAULT_MAX_EDGES = 12;
    /** Largest census: 20 edges is already 35 million trees at the top size. */
    public static final int MAX_EDGES = 20;

    private LumberjackJob() {
    }

    public static void checkMaxEdges(long maxEdges) {
        if (maxEdges < 0 || maxEdges > MAX_EDGES) {
            throw new UsageException("--max-edges must be 0.." + MAX_EDGES + ", got " + maxEdges);
        }
    }

    /** Every rooted tree of 0..maxEdges edges: rows of {@link LumberjackSchemas#TREES}. */
    public static Dataset<Row> trees(SparkSession spark, int maxEdges, int partitions) {
        checkMaxEdges(maxEdges);
        final LumberjackSlices slices = new LumberjackSlices(maxEdges);
        final List<Long> ids = slices.sliceIds();
        return CensusDatasets.fromSliceIds(spark, ids, partitions > 0 ? partitions
                : CensusDatasets.defaultPartitions(spark, ids.size()), slices, LumberjackSchemas.TREES);
    }

    /** Fails on any tree where the brute force and the Tuft principle disagree. */
    public static void check(Dataset<Row> trees) {
        CensusChecks.failIfAny(trees, functions.not(functions.col("agree")),
                "tree(s) where brute force and the Tuft principle disagree", "edges", "encoding", "grundy", "tuft_value");
    }

    public record Summary(int maxEdges, long trees, long pPositions, long seconds) {
        @Override
        public String toString() {
            return "lumberjack census to " + maxEdges + " edges: " + trees + " trees, " + pPositions
                    + " P-positions; brute force and the Tuft principle agree on all (" + seconds + " s)";
        }
    }

    public static Summary census(SparkSession spark, Warehouse warehouse, int maxEdges, int partitions) {
        final long start = System.nanoTime();
        final Row tally = CensusCommit.commit(trees(spark, maxEdges, partitions), warehouse, LumberjackSchemas.TREES,
                LumberjackJob::check, CensusCommit.countIf(functions.col("grundy").equalTo(0)));
        return new Summary(maxEdges, tally.getLong(0), tally.getLong(1), (System.nanoTime() - start) / 1_000_000_000L);
    }
}
