package org.gamecensus.jobs.hex;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
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
import org.gamecensus.jobs.census.Manifests;
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
 * a marker for every group of layer k (generated on the executors from its colex rank, so no
 * driver holds a layer), sorted by key within each task, and each group is settled and graded in
 * memory. Each layer is committed to {@code hex_layers} with its manifests before the next
 * starts: a task needs its share of one layer and nothing else. A run killed midway keeps its
 * committed layers, and the same command resumes below the last of them.
 *
 * <p>Only the groups no larger than their half-turns are settled, each with its half-turn
 * ({@link HexLayerKernel#settles}): the other groups get no marker and no children. Cost per
 * settled position: two flood fills, a hash probe per empty cell and two circuit solves (the
 * table solve's ratio rule makes two per empty cell); its half-turn costs the mapping of its
 * scores. About half of the positions are shuffled, once each, to their parents' task; storage:
 * every live position's row. The rows of {@code hex} are then the layers' rows with a few columns
 * derived ({@link #positions}).
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

    /** The run key of a layered solve: its marker while in progress. */
    static String run(HexBoard board, Side first) {
        return board.name() + "-" + first.label();
    }

    /**
     * Settles every layer of {@code board}, from the last stone back to the empty board; returns
     * the layers' costs. When a run of the same board and first player was left unfinished, its
     * committed layers are kept (those whose files still match their manifests) and the solve
     * goes on below them; otherwise every layer is settled afresh. {@code emptyBoardWon} is the
     * search's verdict on the empty board, which the layers must reproduce.
     */
    public static List<Layer> solve(
            SparkSession spark,
            Warehouse warehouse,
            HexBoard board,
            Side first,
            int partitions,
            boolean emptyBoardWon) {
        final HexLayerKernel shape = new HexLayerKernel(board, first);
        final List<Layer> layers = new ArrayList<>();
        boolean resuming = warehouse.beginRun(HexSchemas.LAYERS.table(), run(board, first));
        final int stopAfter =
                Integer.parseInt(spark.conf().get(STOP_AFTER, "-1").strip());
        int settled = 0;
        for (int k = board.cells() - 1; k >= 0; k--) {
            final List<TablePartition> partition = TablePartition.of(board.name(), first.label(), k);
            resuming = resuming
                    && Manifests.intact(
                            spark,
                            warehouse,
                            HexSchemas.LAYERS,
                            partition.get(0).values());
            if (resuming) {
                final Row counts = layer(spark, warehouse, board, first, k)
                        .agg(functions.count(functions.lit(1)), CensusCommit.countIf(functions.col("winnable")))
                        .first();
                layers.add(new Layer(k, counts.getLong(0), counts.getLong(1), 0, 0, 0, true));
                continue;
            }
            if (stopAfter >= 0 && settled >= stopAfter) {
                throw new CensusFailure("stopped after " + settled + " layer(s) (" + STOP_AFTER
                        + "); run again to complete the census");
            }
            settled++;
            final long start = System.nanoTime();
            final TaskCosts costs = new TaskCosts();
            spark.sparkContext().addSparkListener(costs);
            final CensusCommit.Committed tally;
            try {
                tally = CensusCommit.commit(
                        spark,
                        warehouse,
                        HexSchemas.LAYERS,
                        settle(spark, warehouse, board, first, k, partitions),
                        partition,
                        CensusCommit.Check.none(),
                        HexJob.WINNABLE);
                spark.sparkContext().listenerBus().waitUntilEmpty();
            } catch (TimeoutException e) {
                throw new IllegalStateException("Spark's listener bus did not drain", e);
            } finally {
                spark.sparkContext().removeSparkListener(costs);
            }
            layers.add(new Layer(
                    k,
                    tally.rows(),
                    tally.tally(0),
                    (System.nanoTime() - start) / 1_000_000L,
                    costs.shuffleBytes.get(),
                    costs.peakMemory.get(),
                    false));
        }
        checkEmptyBoard(spark, warehouse, board, first, shape, emptyBoardWon);
        return layers;
    }

    /** Ends the run of a layered census: a later run of the same board settles every layer afresh. */
    public static void endRun(Warehouse warehouse, HexBoard board, Side first) {
        warehouse.endRun(HexSchemas.LAYERS.table(), run(board, first));
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
            SparkSession spark, Warehouse warehouse, HexBoard board, Side first, HexLayerKernel shape, boolean search) {
        final List<Row> empty =
                layer(spark, warehouse, board, first, 0).select("winnable").collectAsList();
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
     * Layer {@code k}'s rows of {@code hex_layers}, settled and graded from the committed layer
     * k + 1: every position of layer k + 1 becomes a child of the group of its mover's stones
     * (key: group above bit 32, the opponent's stones below), and every group of layer k is
     * generated from its colex rank as a marker (key: the group, then 0 — it sorts first, as
     * every child's opponent has a stone). Both are hash-partitioned by group into the layer's
     * parts and sorted by key, so each task meets its groups one after another, each marker
     * followed by its children, and settles each group in memory.
     */
    static JavaRDD<Row> settle(
            SparkSession spark, Warehouse warehouse, HexBoard board, Side first, int k, int partitions) {
        final HexLayerKernel shape = new HexLayerKernel(board, first);
        final long groups = shape.groupCount(k);
        final int b = HexLayerKernel.waitingStones(k);
        final int parts = parts(shape, k, partitions);
        final int cells = board.cells();
        // Only the groups that settle their half-turns with them get a marker and children.
        final Column settles = functions
                .udf((UDF1<Long, Boolean>) w -> settles(w, cells), DataTypes.BooleanType)
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

    /** {@link HexLayerKernel#settles}: whether group {@code w} of a board of {@code cells} cells is settled by its own task. */
    static boolean settles(long w, int cells) {
        return (Integer.reverse((int) w) >>> (32 - cells)) >= w;
    }

    /**
     * Settles and grades the groups of one task, each from its marker and the children after it
     * (the sorted rows: key, lost, Down's and Across's resistances; Spark may reuse a row object,
     * so each is read as it comes).
     */
    private static final class SettleGroups implements FlatMapFunction<Iterator<InternalRow>, Row> {
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
        public Iterator<Row> call(Iterator<InternalRow> sorted) {
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
            return SliceRows.of(
                    groups,
                    (group, out) -> kernel.settleGroup(
                            stones, (int) (long) group, v -> out.accept(row(v, name, first, stones))));
        }
    }

    /** A row of {@code hex_layers}. */
    private static Row row(HexPositionVerdict v, String board, String first, int stones) {
        final boolean w = v.winnable();
        return RowFactory.create(
                HexLayerKernel.key(v.down(), v.across()),
                v.down(),
                v.across(),
                w,
                v.winningMask(),
                v.downResistance(),
                v.acrossResistance(),
                w ? v.ratioPick() : null,
                w ? v.ratioWins() : null,
                w ? v.currentPick() : null,
                w ? v.currentWins() : null,
                w && !v.ratioWins() ? v.ratioRank() : null,
                w && !v.currentWins() ? v.currentRank() : null,
                w ? v.potentialPick() : null,
                w ? v.potentialWins() : null,
                w && !v.potentialWins() ? v.potentialRank() : null,
                board,
                first,
                stones);
    }

    /**
     * The rows of {@code hex} (the census as the table solve writes them) from the settled and
     * graded layers: the verdicts and picks as they are, with the mover, the number of winning
     * cells and of empty cells derived from the masks.
     */
    public static Dataset<Row> positions(SparkSession spark, Warehouse warehouse, HexBoard board, Side first) {
        final Column stones = functions.col("stones");
        final Map<String, Column> derived = Map.of(
                "to_move",
                        functions
                                .when(stones.mod(2).equalTo(0), first.label())
                                .otherwise(first.other().label()),
                "winning_count",
                        functions.bit_count(functions.col("winning_mask")).cast("int"),
                "empty_cells", functions.lit(board.cells()).minus(stones));
        // Every column of hex in its order, with its description (the schema's metadata).
        final List<Column> columns = new ArrayList<>();
        for (var f : HexSchemas.POSITIONS.struct().fields()) {
            columns.add(derived.getOrDefault(f.name(), functions.col(f.name())).as(f.name(), f.metadata()));
        }
        return spark.read()
                .schema(HexSchemas.LAYERS.struct())
                .parquet(warehouse.tablePath(HexSchemas.LAYERS.table()))
                .where(functions
                        .col("board")
                        .equalTo(board.name())
                        .and(functions.col("first").equalTo(first.label())))
                .select(columns.toArray(new Column[0]));
    }
}
