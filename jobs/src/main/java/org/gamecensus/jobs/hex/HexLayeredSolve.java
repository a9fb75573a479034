package org.gamecensus.jobs.hex;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.gamecensus.jobs.census.CensusCommit;
import org.gamecensus.jobs.census.CensusDatasets;
import org.gamecensus.jobs.census.SliceRows;
import org.gamecensus.jobs.census.Warehouse;
import org.gamecensus.kernel.hex.HexBoard;
import org.gamecensus.kernel.hex.HexBoard.Side;
import org.gamecensus.kernel.hex.HexCensusKernel;
import org.gamecensus.kernel.hex.HexLayerKernel;
import org.gamecensus.kernel.hex.HexPositionVerdict;
import org.gamecensus.schemas.hex.HexSchemas;

/**
 * The exact Hex verdict by retrograde analysis in layers, for boards whose table of 3^cells
 * settled positions does not fit one executor. Layer k (the live positions with k stones) is
 * settled from layer k + 1 alone: a position is winnable when some move completes the mover's
 * chain or leads to a position the opponent cannot win. Each layer is generated on the executors
 * slice by slice ({@link HexLayerKernel}; the driver never holds a layer), its children are
 * joined by key with the settled layer k + 1 read back from Parquet, and the result is committed
 * to {@code hex_layers} with its manifests. No executor needs more than its share of two layers.
 *
 * <p>Cost: every live position once, every (position, empty cell) pair shuffled once; storage:
 * every live position's row. The circuit rules then grade each layer's winnable positions as
 * the table solve's census does, with the winning cells from the layers ({@link #grade}).
 */
public final class HexLayeredSolve {

    private static final StructType CHILDREN = new StructType()
            .add("parent", DataTypes.LongType, false)
            .add("cell", DataTypes.IntegerType, false)
            .add("child", DataTypes.LongType, false)
            .add("completes", DataTypes.BooleanType, false);

    private HexLayeredSolve() {
    }

    /** What one layer cost: positions, winnable ones, wall time, bytes shuffled, the largest task's peak execution memory. */
    public record Layer(int stones, long positions, long winnable, long millis, long shuffleBytes, long peakTaskMemory) {
    }

    /** Sums the shuffle bytes written and keeps the largest peak execution memory of the tasks that end. */
    private static final class TaskCosts extends SparkListener {
        final AtomicLong shuffleBytes = new AtomicLong();
        final AtomicLong peakMemory = new AtomicLong();

        @Override
        public void onTaskEnd(SparkListenerTaskEnd end) {
            if (end.taskMetrics() != null) {
                shuffleBytes.addAndGet(end.taskMetrics().shuffleWriteMetrics().bytesWritten());
                peakMemory.accumulateAndGet(end.taskMetrics().peakExecutionMemory(), Math::max);
            }
        }
    }

    /** Settles every layer of {@code board}, from the last stone back to the empty board; returns the layers' costs. */
    public static List<Layer> solve(SparkSession spark, Warehouse warehouse, HexBoard board, Side first, int partitions) {
        final HexLayerKernel shape = new HexLayerKernel(board, first);
        final List<Layer> layers = new ArrayList<>();
        Dataset<Row> settled = null;
        for (int k = board.cells() - 1; k >= 0; k--) {
            final long start = System.nanoTime();
            final TaskCosts costs = new TaskCosts();
            spark.sparkContext().addSparkListener(costs);
            final Row tally;
            try {
                final Dataset<Row> layer = settle(spark, board, first, k, settled, partitions, shape.sliceCount(k));
                tally = CensusCommit.commit(layer, warehouse, HexSchemas.LAYERS,
                        CensusCommit.partition(board.name(), first.label(), k), CensusCommit.Check.none(),
                        CensusCommit.countIf(functions.col("winnable")));
                spark.sparkContext().listenerBus().waitUntilEmpty();
            } catch (java.util.concurrent.TimeoutException e) {
                throw new IllegalStateException("Spark's listener bus did not drain", e);
            } finally {
                spark.sparkContext().removeSparkListener(costs);
            }
            layers.add(new Layer(k, tally.getLong(0), tally.getLong(1), (System.nanoTime() - start) / 1_000_000L,
                    costs.shuffleBytes.get(), costs.peakMemory.get()));
            settled = spark.read().parquet(warehouse.tablePath(HexSchemas.LAYERS.table()))
                    .where(functions.col("board").equalTo(board.name()).and(functions.col("first").equalTo(first.label()))
                            .and(functions.col("stones").equalTo(k)))
                    .select("position", "winnable");
        }
        return layers;
    }

    /** Layer {@code k}'s rows of {@code hex_layers}, settled from {@code next} (layer k + 1: position, winnable). */
    static Dataset<Row> settle(SparkSession spark, HexBoard board, Side first, int k, Dataset<Row> next,
                               int partitions, int slices) {
        final int rows = board.rows();
        final int cols = board.cols();
        final String firstLabel = first.label();
        final List<Long> ids = new ArrayList<>();
        for (long s = 0; s < slices; s++) {
            ids.add(s);
        }
        final int p = partitions > 0 ? partitions : CensusDatasets.defaultPartitions(spark, slices);
        final JavaRDD<Row> children = JavaSparkContext.fromSparkContext(spark.sparkContext())
                .parallelize(ids, Math.min(p, slices))
                .mapPartitions(it -> {
                    final HexLayerKernel kernel = new HexLayerKernel(new HexBoard(rows, cols), Side.parse(firstLabel));
                    return SliceRows.of(it, (slice, out) -> kernel.positions(k, (int) slice, key ->
                            kernel.children(key, (cell, child, completes) ->
                                    out.accept(RowFactory.create(key, cell, child, completes)))));
                });
        final Dataset<Row> kids = spark.createDataFrame(children, CHILDREN);
        final Column wins;
        final Dataset<Row> joined;
        if (next == null) {
            // The last layer: one empty cell, and filling it always completes the mover's chain.
            joined = kids;
            wins = functions.col("completes");
        } else {
            joined = kids.join(next, kids.col("child").equalTo(next.col("position")), "left");
            wins = functions.col("completes").or(functions.not(functions.coalesce(next.col("winnable"),
                    functions.lit(true))));
        }
        final Dataset<Row> settled = joined.groupBy(kids.col("parent")).agg(functions.sum(functions.when(wins,
                functions.expr("shiftleft(CAST(1 AS BIGINT), cell)")).otherwise(0L)).cast("int")
                .as("winning_mask"));
        return settled.select(
                functions.col("parent").as("position"),
                functions.col("parent").cast("int").as("down_mask"),
                functions.shiftRightUnsigned(functions.col("parent"), 32).cast("int").as("across_mask"),
                functions.col("winning_mask").notEqual(0).as("winnable"),
                functions.col("winning_mask"),
                functions.lit(board.name()).as("board"),
                functions.lit(firstLabel).as("first"),
                functions.lit(k).as("stones"));
    }

    /**
     * The rows of {@code hex} (the census as the table solve writes them) from the settled layers:
     * the circuit rules graded on each winnable position against the layers' winning cells.
     */
    public static Dataset<Row> grade(SparkSession spark, Warehouse warehouse, HexBoard board, Side first) {
        final int rows = board.rows();
        final int cols = board.cols();
        final String firstLabel = first.label();
        final Dataset<Row> layers = spark.read().parquet(warehouse.tablePath(HexSchemas.LAYERS.table()))
                .where(functions.col("board").equalTo(board.name()).and(functions.col("first").equalTo(firstLabel)))
                .select("down_mask", "across_mask", "stones", "winning_mask");
        final JavaRDD<Row> graded = layers.javaRDD().mapPartitions(it -> {
            final HexBoard b = new HexBoard(rows, cols);
            final HexLayerKernel order = new HexLayerKernel(b, Side.parse(firstLabel));
            final HexCensusKernel kernel = new HexCensusKernel(b);
            final List<Row> out = new ArrayList<>();
            while (it.hasNext()) {
                final Row r = it.next();
                final HexPositionVerdict v = kernel.grade(r.getInt(0), r.getInt(1), order.moverAt(r.getInt(2)),
                        r.getInt(3));
                out.add(HexSlices.toRow(v, b, firstLabel));
            }
            return out.iterator();
        });
        return spark.createDataFrame(graded, HexSchemas.POSITIONS.struct());
    }
}
