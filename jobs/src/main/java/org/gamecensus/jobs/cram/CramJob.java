package org.gamecensus.jobs.cram;

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
import org.gamecensus.kernel.cram.CellShape;
import org.gamecensus.kernel.cram.RedelmeierEnumerator;
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
        if (maxSquares < 1 || maxSquares > CellShape.MAX_SQUARES) {
            throw new UsageException("--max-squares must be 1.." + CellShape.MAX_SQUARES
                    + " (a position is a set of the shape's squares, bits of an int), got " + maxSquares);
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

    /** The census to {@code maxSquares} squares: its slices, partitions, check and tally, as the commit takes them. */
    public static SliceCommit plan(int maxSquares) {
        checkMaxSquares(maxSquares);
        return new SliceCommit(
                CramSchemas.SHAPES,
                TablePartition.range(1, maxSquares),
                CensusDatasets.ids(CramSlices.SLICES),
                new CramSlices(maxSquares),
                "squares-" + maxSquares,
                CHECK,
                List.of(FIRST_PLAYER_WINS));
    }

    /** Runs the census, checks it and commits it (the partitions of sizes 1..maxSquares). */
    public static Summary census(SparkSession spark, Warehouse warehouse, int maxSquares, int partitions) {
        return summary(maxSquares, plan(maxSquares).commit(spark, warehouse, partitions));
    }

    /** As {@link #census}, committed in {@code chunks} resumable chunks of slices ({@link ChunkedCommit}). */
    public static ChunkedCommit.Chunked<Summary> censusInChunks(
            SparkSession spark, Warehouse warehouse, int maxSquares, int partitions, int chunks) {
        return plan(maxSquares)
                .commitInChunks(spark, warehouse, partitions, chunks)
                .map(t -> summary(maxSquares, t));
    }

    static Summary summary(int maxSquares, SliceCommit.Timed t) {
        return new Summary(maxSquares, t.rows(), t.tally(0), t.seconds());
    }
}
