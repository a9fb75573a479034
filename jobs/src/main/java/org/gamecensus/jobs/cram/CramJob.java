package org.gamecensus.jobs.cram;

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
import org.gamecensus.jobs.census.TablePartition;
import org.gamecensus.jobs.census.UsageException;
import org.gamecensus.jobs.census.Warehouse;
import org.gamecensus.kernel.cram.RedelmeierEnumerator;
import org.gamecensus.kernel.cram.Region;
import org.gamecensus.schemas.cram.CramSchemas;

/**
 * The Cram pairing census on Spark: {@link #shapes} is the pipeline (a function to a dataset
 * that tests call directly); {@link #census} checks the rows and commits them.
 */
public final class CramJob {

    /** The essay's catalogue: shapes of up to eight squares. */
    public static final int DEFAULT_MAX_SQUARES = 8;

    /** Largest estimated catalogue accepted by default (setting {@code cram.max-shapes}): to 14 squares. */
    public static final long DEFAULT_MAX_SHAPES = 3_000_000L;

    /** The check of every shape: no invariant broken (the two computations agree, the theorems hold). */
    public static final CensusCommit.Check CHECK = new CensusCommit.Check(
            RowCondition.isNotNull("violations"), "shape(s) break an invariant", "squares", "picture", "violations");

    /** The census's tally: shapes the first player wins. */
    private static final RowCondition FIRST_PLAYER_WINS = RowCondition.equalTo("outcome", "N");

    private CramJob() {}

    /**
     * The estimated number of catalogue shapes of 1..maxSquares squares: fixed polyominoes by
     * their asymptotic count ({@link RedelmeierEnumerator#estimatedCount}), a quarter of them up to
     * the catalogue's four symmetries. The formula runs 8 % over the true count at 8 squares, 5 % at 12.
     */
    public static double estimatedShapes(long maxSquares) {
        double sum = 0;
        for (int n = 1; n <= maxSquares; n++) {
            sum += Math.max(1, RedelmeierEnumerator.estimatedCount(n) / 4);
        }
        return sum;
    }

    /** Refuses a census above {@code maxShapes} estimated shapes. */
    public static void checkSize(long maxSquares, long maxShapes) {
        checkMaxSquares(maxSquares);
        SizeLimit.check(
                "the cram census to " + maxSquares + " squares",
                "shapes",
                estimatedShapes(maxSquares),
                maxShapes,
                "cram.max-shapes");
    }

    /** Refuses sizes the encoding cannot hold. */
    public static void checkMaxSquares(long maxSquares) {
        if (maxSquares < 1 || maxSquares > Region.MAX_SQUARES) {
            throw new UsageException("--max-squares must be 1.." + Region.MAX_SQUARES + " (the bit encoding holds a"
                    + " shape's box in 56 cells), got " + maxSquares);
        }
    }

    /** Every catalogue shape of 1..maxSquares squares: rows of {@link CramSchemas#SHAPES}. */
    public static Dataset<Row> shapes(SparkSession spark, int maxSquares, int partitions) {
        return slices(maxSquares, partitions).rows(spark);
    }

    /** The census to {@code maxSquares} squares in {@code partitions} partitions, as the commit takes it. */
    public static SliceCensus slices(int maxSquares, int partitions) {
        checkMaxSquares(maxSquares);
        return SliceCensus.of(CramSlices.SLICES, partitions, new CramSlices(maxSquares), CramSchemas.SHAPES);
    }

    /** Fails when any shape broke an invariant (the two computations disagree, or a theorem fails). */
    public static void check(Dataset<Row> shapes) {
        CensusChecks.failIfAny(shapes, CHECK.bad().column(), CHECK.what(), CHECK.show());
    }

    /** Summary of one committed census. */
    public record Summary(int maxSquares, long shapes, long firstPlayerWins, long seconds) {
        @Override
        public String toString() {
            return "cram census to " + maxSquares + " squares: " + shapes + " shapes, " + firstPlayerWins
                    + " first-player wins; every invariant holds (" + seconds + " s)";
        }
    }

    /** Claims what a census to {@code maxSquares} squares writes, ahead of it ({@link Warehouse#claim}). */
    public static void claimCensus(Warehouse warehouse, int maxSquares) {
        warehouse.claim(CramSchemas.SHAPES, TablePartition.range(1, maxSquares));
    }

    /** Runs the census, checks it and commits it (the partitions of sizes 1..maxSquares). */
    public static Summary census(SparkSession spark, Warehouse warehouse, int maxSquares, int partitions) {
        final long start = System.nanoTime();
        claimCensus(warehouse, maxSquares);
        final int p = partitions > 0 ? partitions : CensusDatasets.defaultPartitions(spark, CramSlices.SLICES);
        final CensusCommit.Committed tally = CensusCommit.commit(
                spark, warehouse, slices(maxSquares, p), TablePartition.range(1, maxSquares), CHECK, FIRST_PLAYER_WINS);
        return new Summary(maxSquares, tally.rows(), tally.tally(0), (System.nanoTime() - start) / 1_000_000_000L);
    }

    /** As {@link #census}, committed in {@code chunks} resumable chunks of slices ({@link ChunkedCommit}). */
    public static ChunkedCommit.Chunked<Summary> censusInChunks(
            SparkSession spark, Warehouse warehouse, int maxSquares, int partitions, int chunks) {
        checkMaxSquares(maxSquares);
        ChunkedCommit.checkChunks(chunks, CramSlices.SLICES);
        claimCensus(warehouse, maxSquares);
        final long start = System.nanoTime();
        final ChunkedCommit.Result r = ChunkedCommit.commitSlices(
                spark,
                warehouse,
                CramSchemas.SHAPES,
                TablePartition.range(1, maxSquares),
                "squares-" + maxSquares + "-" + chunks,
                chunks,
                CensusDatasets.ids(CramSlices.SLICES),
                new CramSlices(maxSquares),
                partitions,
                CHECK,
                FIRST_PLAYER_WINS);
        return new ChunkedCommit.Chunked<>(
                new Summary(
                        maxSquares,
                        r.committed().rows(),
                        r.committed().tally(0),
                        (System.nanoTime() - start) / 1_000_000_000L),
                r.computed(),
                r.reused());
    }
}
