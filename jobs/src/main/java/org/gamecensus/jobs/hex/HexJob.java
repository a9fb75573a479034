package org.gamecensus.jobs.hex;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.gamecensus.jobs.census.CensusCommit;
import org.gamecensus.jobs.census.CensusDatasets;
import org.gamecensus.jobs.census.CensusFailure;
import org.gamecensus.jobs.census.ChunkedCommit;
import org.gamecensus.jobs.census.RowCondition;
import org.gamecensus.jobs.census.SizeLimit;
import org.gamecensus.jobs.census.SliceCensus;
import org.gamecensus.jobs.census.SliceCommit;
import org.gamecensus.jobs.census.TablePartition;
import org.gamecensus.jobs.census.UsageException;
import org.gamecensus.jobs.census.Warehouse;
import org.gamecensus.kernel.hex.CircuitRules;
import org.gamecensus.kernel.hex.CommittedAdversary;
import org.gamecensus.kernel.hex.HexBoard;
import org.gamecensus.kernel.hex.HexBoard.Side;
import org.gamecensus.kernel.hex.HexCensusKernel;
import org.gamecensus.kernel.hex.HexExactSolver;
import org.gamecensus.kernel.hex.HexPositionVerdict;
import org.gamecensus.kernel.hex.HexSampler;
import org.gamecensus.schemas.hex.HexSchemas;

/**
 * The Hex circuit census on Spark: every live position of a board ({@link #positions}), the
 * adversarial check of both rules ({@link #adversarial}) and a reproducible sample
 * ({@link #sample}); {@link #census} checks and commits them.
 */
public final class HexJob {

    /** Boards the census accepts: the settled-position table must fit memory. */
    public static final int MAX_CENSUS_CELLS = HexExactSolver.TABLE_CELLS;

    /** Largest layered solve accepted by default (setting {@code hex.max-placements}): 4×4 and 3×5 fit, 4×5 not. */
    public static final long DEFAULT_MAX_PLACEMENTS = 200_000_000L;

    /** Largest table accepted by default (setting {@code hex.max-table-entries}): 3^16, the 4×4 board. */
    public static final long DEFAULT_MAX_TABLE_ENTRIES = 43_046_721L;

    /** The census's tally: positions the mover can win. */
    static final RowCondition WINNABLE = RowCondition.isTrue("winnable");

    /** The adversarial rows that hold. */
    static final RowCondition HOLDS = RowCondition.isTrue("holds");

    /** The largest boards of the potential's adversarial check: its minimal winning sets grow fast beyond. */
    public static final int MAX_POTENTIAL_CELLS = 20;

    private HexJob() {}

    /** Parses and checks a census board. */
    public static HexBoard board(String spec) {
        final HexBoard board = anyBoard(spec);
        if (board.cells() > MAX_CENSUS_CELLS) {
            throw new UsageException("--board " + spec + " has " + board.cells() + " cells; the table solve settles"
                    + " positions in a table of 3^cells entries and takes at most " + MAX_CENSUS_CELLS + " cells"
                    + " (--solve layers takes larger boards)");
        }
        return board;
    }

    /** A board of any size Hex takes (up to {@link HexBoard#MAX_CELLS} cells), for the layered solve. */
    public static HexBoard anyBoard(String spec) {
        try {
            return HexBoard.parse(spec);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--board: " + e.getMessage());
        }
    }

    /**
     * Stone placements the layers of a board range over — for k stones, C(n, ⌈k/2⌉) · C(n − ⌈k/2⌉,
     * ⌊k/2⌋), summed — an upper bound on its live positions (4×5: about 3.5 billion).
     */
    public static double placements(HexBoard board) {
        final int n = board.cells();
        double sum = 0;
        for (int k = 0; k < n; k++) {
            final int f = (k + 1) / 2;
            sum += binomial(n, f) * binomial(n - f, k / 2);
        }
        return sum;
    }

    private static double binomial(int n, int k) {
        double b = 1;
        for (int i = 1; i <= k; i++) {
            b = b * (n - k + i) / i;
        }
        return b;
    }

    /** Refuses a layered solve over {@code maxPlacements} placements. */
    public static void checkLayeredSize(HexBoard board, long maxPlacements) {
        SizeLimit.check(
                "the layered hex solve of " + board.name(),
                "stone placements",
                placements(board),
                maxPlacements,
                "hex.max-placements");
    }

    /**
     * As {@link #census}, committed in {@code chunks} resumable chunks of slices ({@link
     * ChunkedCommit}), the highest slices in the first chunk.
     */
    public static ChunkedCommit.Chunked<Summary> censusInChunks(
            SparkSession spark, Warehouse warehouse, HexBoard board, Side first, int partitions, int chunks) {
        final long start = System.nanoTime();
        final HexSlices slices = new HexSlices(board, first);
        final long count = slices.sliceCount();
        ChunkedCommit.checkChunks(chunks, count);
        claimCensus(warehouse, board, first, false);
        checkTheorems(board);
        final int p = partitions > 0 ? partitions : CensusDatasets.defaultPartitions(spark, count / chunks + 1);
        final ChunkedCommit.Result r = ChunkedCommit.commit(
                spark,
                warehouse,
                HexSchemas.POSITIONS,
                TablePartition.of(board.name(), first.label()),
                board.name() + "-" + first.label() + "-" + chunks,
                chunks,
                i -> new SliceCensus(
                        CensusDatasets.chunk(highestFirst(count), i, chunks), p, slices, HexSchemas.POSITIONS),
                CensusCommit.Check.none(),
                WINNABLE);
        commitAdversarial(spark, warehouse, board);
        return new ChunkedCommit.Chunked<>(
                new Summary(
                        board.name(),
                        first.label(),
                        r.committed().rows(),
                        r.committed().tally(0),
                        (System.nanoTime() - start) / 1_000_000_000L),
                r.computed(),
                r.reused());
    }

    /** Summary of a layered census: the census itself, and each layer's cost. */
    public record LayeredSummary(Summary census, List<HexLayeredSolve.Layer> layers) {
        @Override
        public String toString() {
            long millis = 0;
            for (HexLayeredSolve.Layer l : layers) {
                millis += l.millis();
            }
            final long resumed =
                    layers.stream().filter(HexLayeredSolve.Layer::resumed).count();
            return census + "; settled by layers: " + layers.size() + " layers in " + millis / 1000 + " s"
                    + (resumed > 0 ? " (" + resumed + " kept from an unfinished run)" : "");
        }
    }

    /**
     * The census of one board by the layered solve: the layers settled and graded into
     * {@code hex_layers}, each pass writing its layer's rows of {@code hex} as the table solve
     * writes them, committed as one once every layer is in (the adversarial table too, where the
     * board fits the table solve). A run killed midway keeps its committed layers and resumes
     * below them when the same command is run again.
     */
    public static LayeredSummary censusByLayers(
            SparkSession spark, Warehouse warehouse, HexBoard board, Side first, int partitions) {
        final long start = System.nanoTime();
        claimCensus(warehouse, board, first, true);
        final boolean emptyBoardWon = checkTheorems(board).get(first);
        final HexLayeredSolve.Solved solved =
                HexLayeredSolve.solve(spark, warehouse, board, first, partitions, emptyBoardWon);
        final List<HexLayeredSolve.Layer> layers = solved.layers();
        final CensusCommit.Committed tally = solved.committed();
        if (board.cells() <= MAX_CENSUS_CELLS) {
            commitAdversarial(spark, warehouse, board);
        }
        return new LayeredSummary(
                new Summary(
                        board.name(),
                        first.label(),
                        tally.rows(),
                        tally.tally(0),
                        (System.nanoTime() - start) / 1_000_000_000L),
                layers);
    }

    /** Refuses a census whose table of settled positions, 3^cells entries, exceeds {@code maxEntries}. */
    public static void checkSize(HexBoard board, long maxEntries) {
        SizeLimit.check(
                "the hex census of " + board.name(),
                "table entries (3^" + board.cells() + ")",
                Math.pow(3, board.cells()),
                maxEntries,
                "hex.max-table-entries");
    }

    public static Side side(String spec) {
        try {
            return Side.parse(spec);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--first: " + e.getMessage());
        }
    }

    /** Every live position of {@code board} with {@code first} moving first: rows of {@link HexSchemas#POSITIONS}. */
    public static Dataset<Row> positions(SparkSession spark, HexBoard board, Side first, int partitions) {
        return slices(board, first, partitions).rows(spark);
    }

    /**
     * The census of {@code board}, {@code first} moving first, in {@code partitions} partitions, as
     * the commit takes it. The slices run from the highest down: a child by a move on one of the
     * first cells lies in a higher slice, so its circuits are in the census's resistance table
     * ({@code HexCensusTables}) before its parents ask for them, rather than solved twice.
     */
    public static SliceCensus slices(HexBoard board, Side first, int partitions) {
        final HexSlices slices = new HexSlices(board, first);
        return new SliceCensus(highestFirst(slices.sliceCount()), partitions, slices, HexSchemas.POSITIONS);
    }

    /** Slice ids from {@code count − 1} down to 0. */
    private static List<Long> highestFirst(long count) {
        final List<Long> ids = CensusDatasets.ids(count);
        Collections.reverse(ids);
        return ids;
    }

    /** Both rules, plain and reply, for both first players: rows of {@link HexSchemas#ADVERSARIAL}. */
    public static Dataset<Row> adversarial(SparkSession spark, HexBoard board) {
        return adversarialSlices(board).rows(spark);
    }

    /** The adversarial check of {@code board}, a case a slice, as the commit takes it. */
    private static SliceCensus adversarialSlices(HexBoard board) {
        return SliceCensus.of(
                AdversarySlices.sliceCount(),
                AdversarySlices.sliceCount(),
                new AdversarySlices(board),
                HexSchemas.ADVERSARIAL);
    }

    /** Computes and commits the adversarial check of {@code board} (its circuit rules' partitions of {@code hex_adversarial}). */
    private static void commitAdversarial(SparkSession spark, Warehouse warehouse, HexBoard board) {
        CensusCommit.commit(
                spark, warehouse, adversarialSlices(board), adversarialPartitions(board), CensusCommit.Check.none());
    }

    /** The circuit rules' partitions of {@code hex_adversarial} for {@code board}. */
    private static List<TablePartition> adversarialPartitions(HexBoard board) {
        final List<TablePartition> partitions = new ArrayList<>();
        for (CircuitRules.Rule rule : CircuitRules.Rule.values()) {
            for (String variant : AdversarySlices.VARIANTS) {
                partitions.addAll(TablePartition.of(board.name(), rule.label(), variant));
            }
        }
        return partitions;
    }

    /** Every r × c board with r, c ≥ 2 and at most {@code maxCells} cells, by cells, then rows. */
    static List<HexBoard> boardsUpTo(int maxCells) {
        final List<HexBoard> boards = new ArrayList<>();
        for (int cells = 4; cells <= maxCells; cells++) {
            for (int r = 2; r <= cells / 2; r++) {
                if (cells % r == 0) {
                    boards.add(new HexBoard(r, cells / r));
                }
            }
        }
        return boards;
    }

    /**
     * The committed circuit rules ({@link CommittedSlices}) on {@code boards}, as the commit takes
     * it: for each board, rule and variant (committed, committed-circuit) a partition.
     */
    public static SliceCommit committedRules(List<HexBoard> boards) {
        final List<Long> ids = new ArrayList<>();
        final List<TablePartition> partitions = new ArrayList<>();
        final Set<String> seen = new LinkedHashSet<>();
        for (HexBoard b : boards) {
            if (!seen.add(b.name())) {
                continue; // a board listed twice is checked once
            }
            if (b.cells() > MAX_POTENTIAL_CELLS || b.rows() < 2 || b.cols() < 2) {
                throw new UsageException("the committed rules' boards are r x c with r, c >= 2 and at most "
                        + MAX_POTENTIAL_CELLS + " cells, got " + b.name());
            }
            ids.addAll(CommittedSlices.sliceIds(b));
            for (CircuitRules.Rule rule : CircuitRules.Rule.values()) {
                for (CommittedAdversary.Fallback f : CommittedAdversary.Fallback.values()) {
                    partitions.addAll(TablePartition.of(b.name(), rule.label(), f.label()));
                }
            }
        }
        if (ids.isEmpty()) {
            throw new UsageException("the committed rules need at least one board");
        }
        // The largest boards first: they take the longest.
        Collections.reverse(ids);
        return new SliceCommit(
                HexSchemas.ADVERSARIAL,
                partitions,
                ids,
                new CommittedSlices(),
                "committed-" + String.join("_", seen),
                CensusCommit.Check.none(),
                List.of(HOLDS));
    }

    /**
     * The Erdős–Selfridge potential as a defender on every board up to {@code maxCells} cells
     * ({@link PotentialSlices}), as the commit takes it: a partition (board, potential, plain) each.
     */
    public static SliceCommit potentialDefender(int maxCells) {
        if (maxCells < 4 || maxCells > MAX_POTENTIAL_CELLS) {
            throw new UsageException(
                    "publish.hex.potential-max-cells must be 4.." + MAX_POTENTIAL_CELLS + ", got " + maxCells);
        }
        return potentialDefender(boardsUpTo(maxCells), "potential-" + maxCells);
    }

    /** The potential as a defender on {@code boards}, each an r × c with r, c ≥ 2 and at most 20 cells. */
    private static SliceCommit potentialDefender(List<HexBoard> boards, String name) {
        final List<Long> ids = new ArrayList<>();
        final List<TablePartition> partitions = new ArrayList<>();
        for (HexBoard b : boards) {
            ids.add(PotentialSlices.sliceId(b));
            partitions.addAll(TablePartition.of(b.name(), "potential", "plain"));
        }
        // The largest boards first: they take the longest.
        Collections.reverse(ids);
        return new SliceCommit(
                HexSchemas.ADVERSARIAL,
                partitions,
                ids,
                new PotentialSlices(),
                name,
                CensusCommit.Check.none(),
                List.of(HOLDS));
    }

    /** An adversarial check of one board, named for the summary line. */
    public record BoardCheck(String what, SliceCommit commit) {}

    /**
     * The adversarial checks of {@code board} that need no census of it: the potential as a
     * defender and the committed circuit rules, both first players. None unless the board is
     * r × c with r, c ≥ 2 and at most {@value #MAX_POTENTIAL_CELLS} cells.
     */
    public static List<BoardCheck> boardChecks(HexBoard board) {
        if (board.rows() < 2 || board.cols() < 2 || board.cells() > MAX_POTENTIAL_CELLS) {
            return List.of();
        }
        return List.of(
                new BoardCheck(
                        "potential defender, three tie policies",
                        potentialDefender(List.of(board), "potential-" + board.name())),
                new BoardCheck("committed circuit rules, both fallbacks", committedRules(List.of(board))));
    }

    /** {@code count} positions sampled along random games, reproducible from {@code seed}. */
    public static Dataset<Row> sample(
            SparkSession spark, HexBoard board, Side first, long count, long seed, int partitions) {
        final List<Long> ids = new ArrayList<>();
        for (long i = 0; i < count; i++) {
            ids.add(i);
        }
        final int rows = board.rows();
        final int cols = board.cols();
        final String firstLabel = first.label();
        return spark.createDataFrame(
                JavaSparkContext.fromSparkContext(spark.sparkContext())
                        .parallelize(ids, Math.max(1, partitions))
                        .mapPartitions(it -> {
                            final HexBoard b = new HexBoard(rows, cols);
                            final Side f = Side.parse(firstLabel);
                            // Up to 16 cells one settled table per JVM, shared; beyond, a memoising search
                            // whose cache belongs to this task (shared by tasks, it would hold less of each
                            // one's search) and carries over from one sampled position to the next.
                            return LargeSolvers.with(b, f, solver -> {
                                final HexSampler sampler = new HexSampler(b, f, seed);
                                final HexCensusKernel kernel = new HexCensusKernel(solver);
                                final List<Row> out = new ArrayList<>();
                                while (it.hasNext()) {
                                    final long i = it.next();
                                    final int[] p = sampler.sample(i);
                                    final HexPositionVerdict v = kernel.decide(p[0], p[1]);
                                    final boolean w = v.winnable();
                                    out.add(RowFactory.create(
                                            firstLabel,
                                            seed,
                                            i,
                                            v.down(),
                                            v.across(),
                                            v.stones(),
                                            w,
                                            Integer.bitCount(v.winningMask()),
                                            b.cells() - v.stones(),
                                            w ? v.ratioWins() : null,
                                            w ? v.currentWins() : null,
                                            b.name()));
                                }
                                return out.iterator();
                            });
                        }),
                HexSchemas.SAMPLE.struct());
    }

    /**
     * The exact solver against two theorems about the empty board: on a square board the first
     * player wins (strategy stealing); on n × (n+1) the side joining the nearer edges wins even
     * moving second (a pairing). Returns whether the first player wins, for each first player.
     */
    public static Map<Side, Boolean> checkTheorems(HexBoard board) {
        final Map<Side, Boolean> wins = new EnumMap<>(Side.class);
        for (Side first : Side.values()) {
            final boolean firstWins = HexExactSolver.of(board, first).winnable(0, 0);
            if (board.rows() == board.cols() && !firstWins) {
                throw new CensusFailure(board.name() + ": the exact solver says the first player (" + first.label()
                        + ") loses a square board, against strategy stealing; nothing was published");
            }
            if (Math.abs(board.rows() - board.cols()) == 1) {
                final Side nearer = board.rows() < board.cols() ? Side.DOWN : Side.ACROSS;
                if (firstWins != (first == nearer)) {
                    throw new CensusFailure(
                            board.name() + ": the exact solver says " + (firstWins ? first : first.other()).label()
                                    + " wins with " + first.label() + " first, against the pairing strategy; nothing"
                                    + " was published");
                }
            }
            wins.put(first, firstWins);
        }
        return wins;
    }

    /** Summary of one committed run. */
    public record Summary(String board, String first, long positions, long winnable, long seconds) {
        @Override
        public String toString() {
            return "hex census on " + board + ", " + first + " first: " + positions + " live positions, " + winnable
                    + " winnable (" + seconds + " s)";
        }
    }

    /** Runs, checks and commits the census of one board and first player, and its adversarial rows. */
    public static Summary census(SparkSession spark, Warehouse warehouse, HexBoard board, Side first, int partitions) {
        final long start = System.nanoTime();
        claimCensus(warehouse, board, first, false);
        checkTheorems(board);
        final int p = partitions > 0
                ? partitions
                : CensusDatasets.defaultPartitions(spark, HexCensusKernel.sliceCount(board));
        // The exact verdict has no second computation per position; its theorems are checked above.
        final CensusCommit.Committed tally = CensusCommit.commit(
                spark,
                warehouse,
                slices(board, first, p),
                TablePartition.of(board.name(), first.label()),
                CensusCommit.Check.none(),
                WINNABLE);
        commitAdversarial(spark, warehouse, board);
        return new Summary(
                board.name(),
                first.label(),
                tally.rows(),
                tally.tally(0),
                (System.nanoTime() - start) / 1_000_000_000L);
    }

    /**
     * Who wins the empty board, for every r × c with r, c ≥ 1 and r·c ≤ {@code maxCells}, both first
     * players, one board per task: rows of {@link HexSchemas#EMPTY_BOARD}, committed.
     */
    public static long emptyBoards(SparkSession spark, Warehouse warehouse, int maxCells) {
        claimEmptyBoards(warehouse, maxCells);
        final List<String> boards = emptyBoardNames(maxCells);
        final Dataset<Row> rows = spark.createDataFrame(
                JavaSparkContext.fromSparkContext(spark.sparkContext())
                        .parallelize(boards, boards.size())
                        .flatMap(spec -> {
                            final HexBoard b = HexBoard.parse(spec);
                            final List<Row> out = new ArrayList<>();
                            for (Side first : Side.values()) {
                                out.add(LargeSolvers.call(b, () -> {
                                    final HexExactSolver solver = new HexExactSolver(b, first);
                                    final boolean listed = b.cells() <= HexExactSolver.LISTED_OPENINGS_CELLS;
                                    final int wins = listed ? solver.winningCells(0, 0) : 0;
                                    final boolean firstWins = listed ? wins != 0 : solver.winnable(0, 0);
                                    return RowFactory.create(
                                            b.rows(),
                                            b.cols(),
                                            first.label(),
                                            (firstWins ? first : first.other()).label(),
                                            listed ? Integer.bitCount(wins) : null,
                                            spec);
                                }));
                            }
                            return out.iterator();
                        }),
                HexSchemas.EMPTY_BOARD.struct());
        CensusCommit.commit(
                spark,
                warehouse,
                HexSchemas.EMPTY_BOARD,
                rows,
                emptyBoardPartitions(maxCells),
                CensusCommit.Check.none());
        return boards.size();
    }

    /** The boards r × c with r, c ≥ 1 and r·c ≤ {@code maxCells}, by name. */
    private static List<String> emptyBoardNames(int maxCells) {
        final List<String> boards = new ArrayList<>();
        for (int r = 1; r <= maxCells; r++) {
            for (int c = 1; r * c <= maxCells; c++) {
                boards.add(r + "x" + c);
            }
        }
        return boards;
    }

    private static List<TablePartition> emptyBoardPartitions(int maxCells) {
        final List<TablePartition> partitions = new ArrayList<>();
        emptyBoardNames(maxCells).forEach(spec -> partitions.addAll(TablePartition.of(spec)));
        return partitions;
    }

    /** Claims what {@link #emptyBoards} writes, ahead of it ({@link Warehouse#claim}). */
    public static void claimEmptyBoards(Warehouse warehouse, int maxCells) {
        warehouse.claim(HexSchemas.EMPTY_BOARD, emptyBoardPartitions(maxCells));
    }

    /**
     * Claims what a census of {@code board} with {@code first} moving first writes, ahead of it
     * ({@link Warehouse#claim}): its positions, its adversarial check (where the board fits the
     * table solve, which it needs), and with {@code layers} its layers.
     */
    public static void claimCensus(Warehouse warehouse, HexBoard board, Side first, boolean layers) {
        if (layers) {
            final List<TablePartition> all = new ArrayList<>();
            for (int k = 0; k < board.cells(); k++) {
                all.addAll(TablePartition.of(board.name(), first.label(), k));
            }
            warehouse.claim(HexSchemas.LAYERS, all);
        }
        warehouse.claim(HexSchemas.POSITIONS, TablePartition.of(board.name(), first.label()));
        if (board.cells() <= MAX_CENSUS_CELLS) {
            warehouse.claim(HexSchemas.ADVERSARIAL, adversarialPartitions(board));
        }
    }

    /** Claims what a sample writes ({@link #sampleCensus}), ahead of it. */
    public static void claimSample(Warehouse warehouse, HexBoard board, Side first, long count, long seed) {
        warehouse.claim(
                HexSchemas.SAMPLE,
                List.of(TablePartition.withParameters(sampleParameters(first, count, seed), board.name())));
    }

    /** What a sample's partition is a census of beyond its board: the first player, the size and the seed. */
    public static String sampleParameters(Side first, long count, long seed) {
        return first.label() + " first, " + count + " positions, seed " + seed;
    }

    /** Runs and commits a sample; returns the number of winnable sampled positions. */
    public static long sampleCensus(
            SparkSession spark,
            Warehouse warehouse,
            HexBoard board,
            Side first,
            long count,
            long seed,
            int partitions) {
        claimSample(warehouse, board, first, count, seed);
        checkTheorems(board);
        final Dataset<Row> rows = sample(
                spark,
                board,
                first,
                count,
                seed,
                partitions > 0 ? partitions : spark.sparkContext().defaultParallelism() * 4);
        return CensusCommit.commit(
                        spark,
                        warehouse,
                        HexSchemas.SAMPLE,
                        rows,
                        List.of(TablePartition.withParameters(sampleParameters(first, count, seed), board.name())),
                        CensusCommit.Check.none(),
                        WINNABLE)
                .tally(0);
    }
}
