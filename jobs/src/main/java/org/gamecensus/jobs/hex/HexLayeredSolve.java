package org.gamecensus.jobs.hex;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.Partitioner;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.gamecensus.jobs.census.CensusCommit;
import org.gamecensus.jobs.census.CensusFailure;
import org.gamecensus.jobs.census.Manifests;
import org.gamecensus.jobs.census.SliceRows;
import org.gamecensus.jobs.census.Warehouse;
import org.gamecensus.kernel.hex.HexBoard;
import org.gamecensus.kernel.hex.HexBoard.Side;
import org.gamecensus.kernel.hex.HexCensusKernel;
import org.gamecensus.kernel.hex.HexExactSolver;
import org.gamecensus.kernel.hex.HexLayerKernel;
import org.gamecensus.kernel.hex.HexPositionVerdict;
import org.gamecensus.schemas.hex.HexSchemas;
import scala.Tuple2;

/**
 * The exact Hex verdict by retrograde analysis in layers, for boards whose table of 3^cells
 * settled positions does not fit one executor. Layer k (the live positions with k stones) is
 * settled from layer k + 1 alone: a position is winnable when some move completes the mover's
 * chain or leads to a position the opponent cannot win.
 *
 * <p>The layer is cut into groups by the stones of the side waiting ({@link HexLayerKernel}):
 * every child of group W is a position of layer k + 1 whose mover holds W. So the lost positions
 * of layer k + 1, read back from Parquet and keyed by their mover's stones, are co-grouped by key
 * with the groups of layer k — one shuffle of the lost positions, about a third of a layer — and
 * each group is settled in memory by hash lookups; the groups themselves are generated on the
 * executors from their colex ranks, so no driver holds a layer. Each layer is committed to
 * {@code hex_layers} with its manifests before the next starts: a task needs its share of one
 * layer's lost positions and nothing else. A run killed midway keeps its committed layers, and
 * the same command resumes after the last of them.
 *
 * <p>Cost: every live position once (two flood fills and a probe per empty cell), every lost
 * position shuffled once; storage: every live position's row. The circuit rules then grade each
 * layer's positions as the table solve's census does, with the winning cells from the layers
 * ({@link #grade}).
 */
public final class HexLayeredSolve {

    private HexLayeredSolve() {
    }

    /** What one layer cost: positions, winnable ones, wall time, bytes shuffled, the largest task's peak execution memory. */
    public record Layer(int stones, long positions, long winnable, long millis, long shuffleBytes, long peakTaskMemory,
                        boolean resumed) {
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

    /** The run key of a layered solve: its marker while in progress, and its grading chunks. */
    static String run(HexBoard board, Side first) {
        return board.name() + "-" + first.label();
    }

    /**
     * Settles every layer of {@code board}, from the last stone back to the empty board; returns
     * the layers' costs. When a run of the same board and first player was left unfinished, its
     * committed layers are kept (those whose files still match their manifests) and the solve
     * goes on below them; otherwise every layer is settled afresh.
     */
    public static List<Layer> solve(SparkSession spark, Warehouse warehouse, HexBoard board, Side first, int partitions) {
        final HexLayerKernel shape = new HexLayerKernel(board, first);
        final List<Layer> layers = new ArrayList<>();
        boolean resuming = warehouse.beginRun(HexSchemas.LAYERS.table(), run(board, first));
        for (int k = board.cells() - 1; k >= 0; k--) {
            final List<Row> partition = CensusCommit.partition(board.name(), first.label(), k);
            resuming = resuming && Manifests.intact(warehouse, HexSchemas.LAYERS, partition.get(0));
            if (resuming) {
                final Row counts = layer(spark, warehouse, board, first, k)
                        .agg(functions.count(functions.lit(1)), CensusCommit.countIf(functions.col("winnable"))).first();
                layers.add(new Layer(k, counts.getLong(0), counts.getLong(1), 0, 0, 0, true));
                continue;
            }
            final long start = System.nanoTime();
            final TaskCosts costs = new TaskCosts();
            spark.sparkContext().addSparkListener(costs);
            final Row tally;
            try {
                tally = CensusCommit.commit(settle(spark, warehouse, board, first, k, partitions), warehouse,
                        HexSchemas.LAYERS, partition, CensusCommit.Check.none(),
                        CensusCommit.countIf(functions.col("winnable")));
                spark.sparkContext().listenerBus().waitUntilEmpty();
            } catch (java.util.concurrent.TimeoutException e) {
                throw new IllegalStateException("Spark's listener bus did not drain", e);
            } finally {
                spark.sparkContext().removeSparkListener(costs);
            }
            layers.add(new Layer(k, tally.getLong(0), tally.getLong(1), (System.nanoTime() - start) / 1_000_000L,
                    costs.shuffleBytes.get(), costs.peakMemory.get(), false));
        }
        checkEmptyBoard(spark, warehouse, board, first, shape);
        return layers;
    }

    /** Ends the run of a layered census: a later run of the same board settles every layer afresh. */
    public static void endRun(Warehouse warehouse, HexBoard board, Side first) {
        warehouse.endRun(HexSchemas.LAYERS.table(), run(board, first));
    }

    /** Layer {@code k} of {@code hex_layers}, as committed. */
    static Dataset<Row> layer(SparkSession spark, Warehouse warehouse, HexBoard board, Side first, int k) {
        return spark.read().parquet(warehouse.tablePath(HexSchemas.LAYERS.table()))
                .where(functions.col("board").equalTo(board.name()).and(functions.col("first").equalTo(first.label()))
                        .and(functions.col("stones").equalTo(k)));
    }

    /**
     * The layers' verdict on the empty board against the memoising search's (which shares
     * nothing with them): they must agree, or nothing more is published.
     */
    private static void checkEmptyBoard(SparkSession spark, Warehouse warehouse, HexBoard board, Side first,
                                        HexLayerKernel shape) {
        final List<Row> empty = layer(spark, warehouse, board, first, 0).select("winnable").collectAsList();
        final boolean search = (board.cells() <= HexExactSolver.TABLE_CELLS ? HexExactSolver.shared(board, first)
                : new HexExactSolver(board, first)).winnable(0, 0);
        if (empty.size() != 1 || empty.get(0).getBoolean(0) != search) {
            throw new CensusFailure(board.name() + ", " + first.label() + " first: the layers say the empty board is "
                    + (empty.size() == 1 ? (empty.get(0).getBoolean(0) ? "won" : "lost") : empty.size() + " positions")
                    + " for " + shape.moverAt(0).label() + ", the search says " + (search ? "won" : "lost")
                    + "; nothing more was published");
        }
    }

    /** Stone placements a part of a layer takes at most (about a second of settling), unless one group alone has more. */
    static final long PLACEMENTS_PER_PART = 4_000_000L;

    /**
     * Parts of layer {@code k}: enough that none has over {@link #PLACEMENTS_PER_PART} placements,
     * at least {@code partitions} when given, never more than the layer has groups.
     */
    static int parts(HexLayerKernel shape, int k, int partitions) {
        final long bySize = (shape.placements(k) + PLACEMENTS_PER_PART - 1) / PLACEMENTS_PER_PART;
        return (int) Math.max(1, Math.min(shape.groupCount(k), Math.max(bySize, partitions)));
    }

    /**
     * Layer {@code k}'s rows of {@code hex_layers}, settled from the committed layer k + 1: its
     * lost positions, keyed by their mover's stones — the groups of layer k — are sent to the
     * part holding each group's rank ({@link GroupPartitioner}), and each part settles its groups
     * in rank order.
     */
    static Dataset<Row> settle(SparkSession spark, Warehouse warehouse, HexBoard board, Side first, int k,
                               int partitions) {
        final HexLayerKernel shape = new HexLayerKernel(board, first);
        final long groups = shape.groupCount(k);
        final int parts = parts(shape, k, partitions);
        final JavaPairRDD<Long, Void> lost;
        if (k + 1 < board.cells()) {
            // Layer k + 1's mover is the side waiting in layer k: its stones are the group's key.
            final boolean downKeys = shape.moverAt(k + 1) == Side.DOWN;
            lost = layer(spark, warehouse, board, first, k + 1).where(functions.not(functions.col("winnable")))
                    .select(downKeys ? "down_mask" : "across_mask", downKeys ? "across_mask" : "down_mask")
                    .javaRDD()
                    .mapToPair(r -> new Tuple2<Long, Void>(HexLayerKernel.key(r.getInt(1), r.getInt(0)), null))
                    .partitionBy(new GroupPartitioner(groups, parts));
        } else {
            // The last layer: a full board always holds a chain, so no child is a lost position.
            lost = JavaSparkContext.fromSparkContext(spark.sparkContext()).parallelizePairs(List.of(), parts);
        }
        final int rows = board.rows();
        final int cols = board.cols();
        final String firstLabel = first.label();
        final JavaRDD<Row> settled = lost.mapPartitionsWithIndex((part, it) -> {
            final HexLayerKernel kernel = new HexLayerKernel(new HexBoard(rows, cols), Side.parse(firstLabel));
            return settlePart(kernel, firstLabel, k, groups, parts, part, it);
        }, false);
        return spark.createDataFrame(settled, HexSchemas.LAYERS.struct());
    }

    /**
     * Sends a lost position of layer k + 1 (key: the opponent's stones, then its mover's above
     * bit 32) to the part of layer k holding the group of its mover's stones, by colex rank.
     */
    static final class GroupPartitioner extends Partitioner {
        private static final long serialVersionUID = 1L;
        private final long groups;
        private final int parts;

        GroupPartitioner(long groups, int parts) {
            this.groups = groups;
            this.parts = parts;
        }

        @Override
        public int numPartitions() {
            return parts;
        }

        @Override
        public int getPartition(Object key) {
            return HexLayerKernel.partOf(HexLayerKernel.rank(HexLayerKernel.across((Long) key)), groups, parts);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof GroupPartitioner g && g.groups == groups && g.parts == parts;
        }

        @Override
        public int hashCode() {
            return Long.hashCode(groups) * 31 + parts;
        }
    }

    /**
     * Settles the groups of part {@code part}, in rank order, from its lost positions (in any
     * order: they are sorted here, by group then opponent). Rows are made one group at a time.
     */
    private static Iterator<Row> settlePart(HexLayerKernel kernel, String first, int k, long groups, int parts, int part,
                                            Iterator<Tuple2<Long, Void>> lostIn) {
        final int b = HexLayerKernel.waitingStones(k);
        long[] lost = new long[1024];
        int n = 0;
        while (lostIn.hasNext()) {
            if (n == lost.length) {
                lost = Arrays.copyOf(lost, n * 2);
            }
            lost[n++] = lostIn.next()._1();
        }
        // Sorted by the group's stones (the high word) and, within a group, by the opponent's.
        Arrays.sort(lost, 0, n);
        final long[] sorted = lost;
        final int count = n;
        final long from = HexLayerKernel.firstRankOf(part, groups, parts);
        final long to = HexLayerKernel.firstRankOf(part + 1, groups, parts);
        final String board = kernel.board().name();
        final List<Long> ranks = new ArrayList<>();
        for (long r = from; r < to; r++) {
            ranks.add(r);
        }
        final int[] at = {0};
        return SliceRows.of(ranks.iterator(), (rank, out) -> {
            final int waiting = HexLayerKernel.unrank(rank, b);
            kernel.beginGroup();
            for (; at[0] < count && HexLayerKernel.across(sorted[at[0]]) == waiting; at[0]++) {
                kernel.addLost(HexLayerKernel.down(sorted[at[0]]));
            }
            if (at[0] < count && (HexLayerKernel.across(sorted[at[0]]) < waiting || rank == to - 1)) {
                throw new IllegalStateException("a lost position of layer " + (k + 1) + " with mover's stones "
                        + HexLayerKernel.across(sorted[at[0]]) + " reached part " + part + " of layer " + k
                        + ", which has no such group");
            }
            kernel.settleGroup(k, waiting, (down, across, wins) -> out.accept(RowFactory.create(
                    HexLayerKernel.key(down, across), down, across, wins != 0, wins, board, first, k)));
        });
    }

    /** Stone placements a chunk of the grading takes at most, unless one layer alone has more. */
    static final long GRADING_CHUNK_PLACEMENTS = 50_000_000L;

    /**
     * The layers graded together, each chunk of the grading a run of consecutive layers from the
     * last down (stones {@code [from, to]} as {@code {to, from}}): as many as fit
     * {@link #GRADING_CHUNK_PLACEMENTS}, so that a small board is graded in one job and a large one
     * loses at most a layer's grading when killed.
     */
    static List<int[]> gradingChunks(HexBoard board, Side first) {
        final HexLayerKernel shape = new HexLayerKernel(board, first);
        final List<int[]> chunks = new ArrayList<>();
        int top = board.cells() - 1;
        long size = 0;
        for (int k = board.cells() - 1; k >= 0; k--) {
            if (size > 0 && size + shape.placements(k) > GRADING_CHUNK_PLACEMENTS) {
                chunks.add(new int[] {top, k + 1});
                top = k;
                size = 0;
            }
            size += shape.placements(k);
        }
        chunks.add(new int[] {top, 0});
        return chunks;
    }

    /**
     * The rows of {@code hex} (the census as the table solve writes them) for the layers with
     * {@code from..to} stones: the circuit rules graded on each winnable position against its
     * layer's winning cells.
     */
    public static Dataset<Row> grade(SparkSession spark, Warehouse warehouse, HexBoard board, Side first, int from,
                                     int to) {
        final int rows = board.rows();
        final int cols = board.cols();
        final String firstLabel = first.label();
        return spark.read().parquet(warehouse.tablePath(HexSchemas.LAYERS.table()))
                .where(functions.col("board").equalTo(board.name()).and(functions.col("first").equalTo(firstLabel))
                        .and(functions.col("stones").between(from, to)))
                .select("down_mask", "across_mask", "winning_mask", "stones")
                .mapPartitions((MapPartitionsFunction<Row, Row>) it -> {
                    final HexBoard b = new HexBoard(rows, cols);
                    final HexLayerKernel order = new HexLayerKernel(b, Side.parse(firstLabel));
                    final HexCensusKernel kernel = new HexCensusKernel(b);
                    return new Iterator<>() {
                        @Override
                        public boolean hasNext() {
                            return it.hasNext();
                        }

                        @Override
                        public Row next() {
                            if (!it.hasNext()) {
                                throw new NoSuchElementException();
                            }
                            final Row r = it.next();
                            final HexPositionVerdict v = kernel.grade(r.getInt(0), r.getInt(1), order.moverAt(r.getInt(3)),
                                    r.getInt(2));
                            return HexSlices.toRow(v, b, firstLabel);
                        }
                    };
                }, Encoders.row(HexSchemas.POSITIONS.struct()));
    }
}
