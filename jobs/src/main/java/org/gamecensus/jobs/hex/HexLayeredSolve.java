package org.gamecensus.jobs.hex;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;
import org.gamecensus.jobs.census.CensusCommit;
import org.gamecensus.jobs.census.CensusFailure;
import org.gamecensus.jobs.census.ChunkedCommit;
import org.gamecensus.jobs.census.DriverRows;
import org.gamecensus.jobs.census.Manifests;
import org.gamecensus.jobs.census.RowCondition;
import org.gamecensus.jobs.census.SliceRows;
import org.gamecensus.jobs.census.TablePartition;
import org.gamecensus.jobs.census.Warehouse;
import org.gamecensus.kernel.hex.HexBoard;
import org.gamecensus.kernel.hex.HexBoard.Side;
import org.gamecensus.kernel.hex.HexLayerKernel;
import org.gamecensus.kernel.hex.HexPositionVerdict;
import org.gamecensus.schemas.hex.HexSchemas;

/**
 * The exact Hex verdict by retrograde analysis in layers, for boards whose table of 3^cells
 * settled positions does not fit one executor, with the circuit rules graded in the same pass.
 * Layer k (the live positions with k stones) is settled and graded from layer k + 1 alone: a
 * position is winnable when some move completes the mover's chain or leads to a position the
 * opponent cannot win, and the ratio rule's score of a move is read off the circuits of the
 * position it leads to.
 *
 * <p>The layer is cut into groups by the stones of the side waiting ({@link HexLayerKernel}):
 * every child of group W is a position of layer k + 1 whose mover holds W. So layer k + 1, read
 * back from Parquet and keyed by its mover's stones, is hash-partitioned by group together with
 * a marker for every group of layer k that is settled (generated on the executors from its colex
 * rank, so no driver holds a layer), sorted by key within each task, and each group is settled
 * and graded in memory. Each layer is committed to {@code hex_layers} (a position's verdict and resistances)
 * with its manifests before the next starts: a task needs its share of one layer and nothing
 * else. The same tasks write the layer's rows of {@code hex} as one chunk of a chunked commit
 * ({@link ChunkedCommit}), which publishes {@code hex} once the empty board is settled and agrees
 * with the search. A run killed midway keeps its committed layers, and the same command resumes
 * with the layers whose rows are not yet in both.
 *
 * <p>Only the groups no larger than their half-turns are settled, each with its half-turn
 * ({@link HexLayerKernel#settles}): the other groups get no marker and no children. Cost per
 * settled position: two flood fills, a hash probe per empty cell and two circuit solves (the
 * table solve's ratio rule makes two per empty cell); its half-turn costs the mapping of its
 * scores. About half of the positions are shuffled, once each, to their parents' task; storage:
 * every live position's row in each table.
 */
public final class HexLayeredSolve {

    /** Session setting, for tests: stop (as if killed) after this many layers settled in this run. */
    public static final String STOP_AFTER = "spark.gamecensus.fault.stop-after-layers";

    /** Stone placements a part of a layer takes at most (a few seconds of settling), unless one group alone has more. */
    static final long PLACEMENTS_PER_PART = 4_000_000L;

    /** The columns of the shuffled children: group and child in one key, then what the parent needs of the child. */
    private static final String KEY = "key";

    private HexLayeredSolve() {}

    /** What one layer cost: positions, winnable ones, wall time, bytes shuffled, the largest task's peak execution memory. */
    public record Layer(
            int stones,
            long positions,
            long winnable,
            long millis,
            long shuffleBytes,
            long peakTaskMemory,
            boolean resumed) {}

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

    /** The run key of a layered solve: its chunked commit of {@code hex}. */
    static String run(HexBoard board, Side first) {
        return board.name() + "-" + first.label();
    }

    /** What a layered solve did: each layer's cost (from the last stone back), and the commit of {@code hex}. */
    public record Solved(List<Layer> layers, CensusCommit.Committed committed) {}

    /**
     * Settles every layer of {@code board}, from the last stone back to the empty board, and
     * commits the rows of {@code hex} as one chunked commit, a chunk a layer: the pass that settles
     * layer k commits it to {@code hex_layers} (what layer k − 1 reads) and writes its rows of
     * {@code hex} as the chunk, so no pass reads the layers back to make {@code hex}. When a run of
     * the same board and first player was left unfinished, each layer whose chunk and
     * {@code hex_layers} partition are both still there as recorded is kept, and the others are
     * settled; a finished run leaves nothing, so the next settles every layer afresh.
     * {@code emptyBoardWon} is the search's verdict on the empty board, which the layers must
     * reproduce before anything of {@code hex} is published.
     */
    public static Solved solve(
            SparkSession spark,
            Warehouse warehouse,
            HexBoard board,
            Side first,
            int partitions,
            boolean emptyBoardWon) {
        // The marker of an unfinished run that versions before the chunked commit of hex kept.
        warehouse.dropRunState(HexSchemas.LAYERS.table(), run(board, first));
        final int stopAfter =
                Integer.parseInt(spark.conf().get(STOP_AFTER, "-1").strip());
        final int[] settled = {0};
        final List<LayerChunk> chunks = new ArrayList<>();
        for (int k = board.cells() - 1; k >= 0; k--) {
            chunks.add(
                    new LayerChunk(spark, warehouse, board, first, k, partitions, emptyBoardWon, stopAfter, settled));
        }
        final ChunkedCommit.Result result = ChunkedCommit.commitChunks(
                spark,
                warehouse,
                HexSchemas.POSITIONS,
                TablePartition.of(board.name(), first.label()),
                run(board, first),
                chunks,
                CensusCommit.Check.none(),
                HexJob.WINNABLE);
        final List<Layer> layers = new ArrayList<>();
        for (LayerChunk c : chunks) {
            if (c.layer != null) {
                layers.add(c.layer);
            } else {
                final Row counts = DriverRows.first(layer(spark, warehouse, board, first, c.stones)
                        .agg(functions.count(functions.lit(1)), CensusCommit.countIf(functions.col("winnable"))));
                layers.add(new Layer(c.stones, counts.getLong(0), counts.getLong(1), 0, 0, 0, true));
            }
        }
        return new Solved(layers, result.committed());
    }

    /**
     * Layer {@code stones} as a chunk of the commit of {@code hex}: kept from an unfinished run
     * while its {@code hex_layers} partition is intact too (the layer below is settled from it);
     * else settled, committed to {@code hex_layers} and written as the chunk in one pass.
     */
    private static final class LayerChunk implements ChunkedCommit.Chunk {
        private final SparkSession spark;
        private final Warehouse warehouse;
        private final HexBoard board;
        private final Side first;
        private final int stones;
        private final int partitions;
        private final boolean emptyBoardWon;
        private final int stopAfter;
        /** Layers settled so far in this run (shared by the run's chunks). */
        private final int[] settled;
        /** What settling the layer cost; null while not settled in this run. */
        Layer layer;

        LayerChunk(
                SparkSession spark,
                Warehouse warehouse,
                HexBoard board,
                Side first,
                int stones,
                int partitions,
                boolean emptyBoardWon,
                int stopAfter,
                int[] settled) {
            this.spark = spark;
            this.warehouse = warehouse;
            this.board = board;
            this.first = first;
            this.stones = stones;
            this.partitions = partitions;
            this.emptyBoardWon = emptyBoardWon;
            this.stopAfter = stopAfter;
            this.settled = settled;
        }

        private List<TablePartition> partition() {
            return TablePartition.of(board.name(), first.label(), stones);
        }

        @Override
        public String identity() {
            return "layer " + stones + ", " + HexSchemas.LAYERS.table() + " version " + HexSchemas.LAYERS.version();
        }

        @Override
        public boolean keepable() {
            return Manifests.intact(
                    spark, warehouse, HexSchemas.LAYERS, partition().get(0).values());
        }

        @Override
        public CensusCommit.Written write(ChunkedCommit.ChunkTarget target) {
            if (stopAfter >= 0 && settled[0] >= stopAfter) {
                throw new CensusFailure("stopped after " + settled[0] + " layer(s) (" + STOP_AFTER
                        + "); run again to complete the census");
            }
            settled[0]++;
            final long start = System.nanoTime();
            final TaskCosts costs = new TaskCosts();
            spark.sparkContext().addSparkListener(costs);
            // The empty board must be what the search says, or not even its layer is published.
            final CensusCommit.Check check = stones == 0
                    ? new CensusCommit.Check(
                            emptyBoardWon ? RowCondition.isFalse("winnable") : RowCondition.isTrue("winnable"),
                            "empty boards whose verdict differs from the search's (" + (emptyBoardWon ? "won" : "lost")
                                    + ")",
                            "down_mask",
                            "across_mask",
                            "winnable")
                    : CensusCommit.Check.none();
            final CensusCommit.WithChunk written;
            try {
                written = CensusCommit.commitWithChunk(
                        spark,
                        warehouse,
                        HexSchemas.LAYERS,
                        settle(spark, warehouse, board, first, stones, partitions),
                        partition(),
                        check,
                        new RowCondition[] {HexJob.WINNABLE},
                        target);
                spark.sparkContext().listenerBus().waitUntilEmpty();
            } catch (TimeoutException e) {
                throw new IllegalStateException("Spark's listener bus did not drain", e);
            } finally {
                spark.sparkContext().removeSparkListener(costs);
            }
            layer = new Layer(
                    stones,
                    written.committed().rows(),
                    written.committed().tally(0),
                    (System.nanoTime() - start) / 1_000_000L,
                    costs.shuffleBytes.get(),
                    costs.peakMemory.get(),
                    false);
            if (stones == 0) {
                checkEmptyBoard(spark, warehouse, board, first, emptyBoardWon);
            }
            return written.chunk();
        }
    }

    /**
     * Layer {@code k} of {@code hex_layers}, as committed; read with this version's schema, so that
     * partitions of other boards written by an earlier version do not decide the columns.
     */
    static Dataset<Row> layer(SparkSession spark, Warehouse warehouse, HexBoard board, Side first, int k) {
        return spark.read()
                .schema(HexSchemas.LAYERS.struct())
                .parquet(warehouse.tablePath(HexSchemas.LAYERS.table()))
                .where(functions
                        .col("board")
                        .equalTo(board.name())
                        .and(functions.col("first").equalTo(first.label()))
                        .and(functions.col("stones").equalTo(k)));
    }

    /**
     * The layers' verdict on the empty board against the search's ({@code search}, from
     * {@link HexJob#checkTheorems}: a table or memoising search that shares nothing with the
     * layers): they must agree, or nothing more is published.
     */
    private static void checkEmptyBoard(
            SparkSession spark, Warehouse warehouse, HexBoard board, Side first, boolean search) {
        final HexLayerKernel shape = new HexLayerKernel(board, first);
        final List<Row> empty =
                DriverRows.of(layer(spark, warehouse, board, first, 0).select("winnable"));
        if (empty.size() != 1 || empty.get(0).getBoolean(0) != search) {
            throw new CensusFailure(board.name() + ", " + first.label() + " first: the layers say the empty board is "
                    + (empty.size() == 1 ? (empty.get(0).getBoolean(0) ? "won" : "lost") : empty.size() + " positions")
                    + " for " + shape.moverAt(0).label() + ", the search says " + (search ? "won" : "lost")
                    + "; nothing more was published");
        }
    }

    /**
     * Parts of layer {@code k}: enough that none has over {@link #PLACEMENTS_PER_PART} placements,
     * at least {@code partitions} when given, never more than the layer has groups.
     */
    static int parts(HexLayerKernel shape, int k, int partitions) {
        final long bySize = (shape.placements(k) + PLACEMENTS_PER_PART - 1) / PLACEMENTS_PER_PART;
        return (int) Math.max(1, Math.min(shape.groupCount(k), Math.max(bySize, partitions)));
    }

    /**
     * Layer {@code k}'s rows, settled and graded from the committed layer k + 1, each as a pair:
     * its row of {@code hex_layers} and its row of {@code hex}. Every position of layer k + 1
     * whose mover's stones are a group settled on its own ({@link HexLayerKernel#settles}) becomes
     * a child of that group (key: group above bit 32, the opponent's stones below), and every such
     * group of layer k is generated from its colex rank as a marker (key: the group, then 0 — it
     * sorts first, as every child's opponent has a stone). Both are hash-partitioned by group into
     * the layer's parts and sorted by key, so each task meets its groups one after another, each
     * marker followed by its children, and settles each group, with its half-turn, in memory.
     */
    static JavaRDD<Row[]> settle(
            SparkSession spark, Warehouse warehouse, HexBoard board, Side first, int k, int partitions) {
        final HexLayerKernel shape = new HexLayerKernel(board, first);
        final long groups = shape.groupCount(k);
        final int b = HexLayerKernel.waitingStones(k);
        final int parts = parts(shape, k, partitions);
        // Only the groups that settle their half-turns with them get a marker and children.
        final Column settles = functions
                .udf((UDF1<Long, Boolean>) w -> HexLayerKernel.settles(board, (int) (long) w), DataTypes.BooleanType)
                .apply(functions.col("w"));
        Dataset<Row> keyed = spark.range(
                        0, groups, 1, Math.min(parts, spark.sparkContext().defaultParallelism()))
                .select(functions
                        .udf((UDF1<Long, Long>) rank -> (long) HexLayerKernel.unrank(rank, b), DataTypes.LongType)
                        .apply(functions.col("id"))
                        .as("w"))
                .where(settles)
                .select(
                        functions.shiftLeft(functions.col("w"), 32).as(KEY),
                        functions.lit(false).as("lost"),
                        functions.lit(0.0).as("down_resistance"),
                        functions.lit(0.0).as("across_resistance"));
        if (k + 1 < board.cells()) {
            // Layer k + 1's mover is the side waiting in layer k: its stones are the group.
            final boolean downGroups = shape.moverAt(k + 1) == Side.DOWN;
            final Column group =
                    functions.col(downGroups ? "down_mask" : "across_mask").cast("long");
            final Column opponent =
                    functions.col(downGroups ? "across_mask" : "down_mask").cast("long");
            keyed = keyed.union(layer(spark, warehouse, board, first, k + 1)
                    .withColumn("w", group)
                    .where(settles)
                    .select(
                            functions.shiftLeft(group, 32).bitwiseOR(opponent).as(KEY),
                            functions.not(functions.col("winnable")).as("lost"),
                            functions.col("down_resistance"),
                            functions.col("across_resistance")));
        }
        // Spark's own rows of the sort, read in place: no conversion to external rows and back.
        return keyed.repartition(parts, functions.shiftRightUnsigned(functions.col(KEY), 32))
                .sortWithinPartitions(KEY)
                .queryExecution()
                .toRdd()
                .toJavaRDD()
                .mapPartitions(new SettleGroups(board.rows(), board.cols(), first.label(), k));
    }

    /**
     * Settles and grades the groups of one task, each from its marker and the children after it
     * (the sorted rows: key, lost, Down's and Across's resistances; Spark may reuse a row object,
     * so each is read as it comes).
     */
    private static final class SettleGroups implements FlatMapFunction<Iterator<InternalRow>, Row[]> {
        private static final long serialVersionUID = 1L;
        private final int rows;
        private final int cols;
        private final String first;
        private final int stones;

        SettleGroups(int rows, int cols, String first, int stones) {
            this.rows = rows;
            this.cols = cols;
            this.first = first;
            this.stones = stones;
        }

        @Override
        public Iterator<Row[]> call(Iterator<InternalRow> sorted) {
            final HexBoard board = new HexBoard(rows, cols);
            final HexLayerKernel kernel = new HexLayerKernel(board, Side.parse(first));
            final String name = board.name();
            // The key of the next marker, read but not yet taken; −1: none left.
            final long[] pending = {sorted.hasNext() ? sorted.next().getLong(0) : -1L};
            // One "slice" per group: the marker in hand, its children up to the next marker.
            final Iterator<Long> groups = new Iterator<>() {
                @Override
                public boolean hasNext() {
                    return pending[0] >= 0;
                }

                @Override
                public Long next() {
                    if (pending[0] < 0) {
                        throw new NoSuchElementException();
                    }
                    final long marker = pending[0];
                    if ((int) marker != 0) {
                        throw new IllegalStateException("a position of layer " + (stones + 1) + " whose mover's stones "
                                + (marker >>> 32) + " are no group of layer " + stones);
                    }
                    kernel.beginGroup();
                    pending[0] = -1L;
                    while (sorted.hasNext()) {
                        final InternalRow r = sorted.next();
                        final long key = r.getLong(0);
                        if (key >>> 32 != marker >>> 32) {
                            pending[0] = key;
                            break;
                        }
                        kernel.addChild((int) key, r.getBoolean(1), r.getDouble(2), r.getDouble(3));
                    }
                    return marker >>> 32;
                }
            };
            return SliceRows.<Row[]>items(
                    groups,
                    (group, out) -> kernel.settleGroup(
                            stones,
                            (int) (long) group,
                            v -> out.accept(
                                    new Row[] {layerRow(v, name, first, stones), HexSlices.toRow(v, board, first)})));
        }
    }

    /** A row of {@code hex_layers}: what the layer above needs of a position. */
    private static Row layerRow(HexPositionVerdict v, String board, String first, int stones) {
        return RowFactory.create(
                v.down(), v.across(), v.winnable(), v.downResistance(), v.acrossResistance(), board, first, stones);
    }
}
