package org.gamecensus.jobs.hex;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.gamecensus.jobs.census.Census;
import org.gamecensus.jobs.census.CensusConfig;
import org.gamecensus.jobs.census.CommandOptions;
import org.gamecensus.jobs.census.SliceCommit;
import org.gamecensus.jobs.census.UsageException;
import org.gamecensus.jobs.census.WholeNumber;
import org.gamecensus.kernel.hex.HexBoard;
import org.gamecensus.kernel.hex.HexExactSolver;
import org.gamecensus.schemas.hex.HexSchemas;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The Hex census: every live position of a board, the exact verdict against the resistance-circuit
 * move rules ({@link HexJob}); samples of larger boards, and who wins each empty board.
 */
public final class HexCensus extends Census {

    public HexCensus() {
        super(
                "hex",
                "every live position of a Hex board: the exact verdict against resistance-circuit move rules",
                HexSchemas.ALL);
    }

    @Override
    public Callable<Integer> runCommand() {
        return new Run();
    }

    @Override
    public Callable<Integer> decideCommand() {
        return new Decide();
    }

    static long maxTableEntries(CensusConfig config) {
        return config.getLong("hex.max-table-entries", HexJob.DEFAULT_MAX_TABLE_ENTRIES);
    }

    /** {@code census run hex}. */
    @Command(
            name = "hex",
            description = {
                "Every live position of the board with the exact verdict (an in-memory table to"
                        + " 16 cells, or retrograde layers partitioned on Spark: the default when the table does not fit; a killed"
                        + " layered run resumes, keeping the layers it committed) and the ratio and current circuit rules graded"
                        + " against it, and the rules against every reply (the circuit rules, the potential, and the committed"
                        + " tables, where the board has at most 20 cells); rows to the warehouse's hex and hex_adversarial tables."
                        + " With --sample, N positions at random move numbers along random games instead, into hex_sample."
            })
    static final class Run implements Callable<Integer> {
        @Mixin
        CommandOptions.Run options;

        @Mixin
        CommandOptions.Chunks chunks;

        @Option(names = "--board", paramLabel = "RxC", description = "the board, e.g. 3x4 (required)")
        String board;

        @Option(names = "--first", paramLabel = "SIDE", description = "down or across moves first (default: down)")
        String first;

        @Option(
                names = "--solve",
                paramLabel = "HOW",
                description = "table or layers (default: table where it fits"
                        + " hex.max-table-entries, else layers; limit hex.max-placements)")
        String solve;

        @Option(
                names = "--sample",
                paramLabel = "N",
                description = "N positions along random games instead of every one")
        String sample;

        @Option(
                names = "--seed",
                paramLabel = "S",
                description = "the sample's seed (default: setting hex.sample.seed, else 1)")
        String seed;

        @Override
        public Integer call() {
            final PrintWriter out = options.out();
            final CensusConfig config = options.config();
            if (board == null) {
                throw new UsageException("'run hex' needs --board RxC, e.g. --board 3x4");
            }
            final HexBoard any = HexJob.anyBoard(board);
            final long maxEntries = maxTableEntries(config);
            final boolean sampled = sample != null;
            // The default solve: the table when it fits the configured memory, else the layers.
            final String how = solve != null
                    ? solve
                    : !sampled && (any.cells() > HexJob.MAX_CENSUS_CELLS || Math.pow(3, any.cells()) > maxEntries)
                            ? "layers"
                            : "table";
            if (!how.equals("table") && !how.equals("layers")) {
                throw new UsageException("--solve must be table or layers, got '" + how + "'");
            }
            final int n = chunks.chunks();
            if (n > 0 && (how.equals("layers") || sampled)) {
                throw new UsageException(
                        "--chunks goes with the table solve of a whole board, not with --sample or --solve layers");
            }
            if (how.equals("layers") && sampled) {
                throw new UsageException(
                        "--sample settles positions with the table solve; it does not take --solve layers");
            }
            // A sample settles each position by search (a table to 16 cells, a memoising search beyond).
            final HexBoard b = how.equals("layers") || sampled ? any : HexJob.board(board);
            final HexBoard.Side side = HexJob.side(first != null ? first : "down");
            if (how.equals("layers")) {
                HexJob.checkLayeredSize(b, config.getLong("hex.max-placements", HexJob.DEFAULT_MAX_PLACEMENTS));
            } else if (!sampled) {
                HexJob.checkSize(b, maxEntries);
            }
            if (seed != null && !sampled) {
                throw new UsageException("--seed goes with --sample N");
            }
            final long count = CommandOptions.whole("--sample", sample, 0, 1, 100_000_000);
            final long s = CommandOptions.whole(
                    "--seed", seed, config.getLong("hex.sample.seed", 1L), Long.MIN_VALUE, Long.MAX_VALUE);
            final boolean layers = how.equals("layers");
            final List<HexJob.BoardCheck> checks = count > 0 ? List.of() : HexJob.boardChecks(b);
            return options.run(
                    "census run hex --board " + b.name() + " --first " + side.label()
                            + (count > 0 ? " --sample " + count + " --seed " + s : " --solve " + how),
                    (spark, warehouse, partitions) -> {
                        if (count > 0) {
                            final long winnable = HexJob.sampleCensus(spark, warehouse, b, side, count, s, partitions);
                            return "hex sample on " + b.name() + ", " + side.label() + " first: " + count
                                    + " positions (seed " + s + "), " + winnable + " winnable";
                        }
                        checks.forEach(c -> c.commit().claim(warehouse));
                        final Object summary;
                        if (layers) {
                            final HexJob.LayeredSummary byLayers =
                                    HexJob.censusByLayers(spark, warehouse, b, side, partitions);
                            byLayers.layers().forEach(layer -> out.println(layerLine(layer)));
                            summary = byLayers;
                        } else {
                            summary = n > 0
                                    ? HexJob.censusInChunks(spark, warehouse, b, side, partitions, n)
                                    : HexJob.census(spark, warehouse, b, side, partitions);
                        }
                        for (HexJob.BoardCheck check : checks) {
                            final SliceCommit.Timed held = check.commit().commit(spark, warehouse, partitions);
                            out.println("hex " + check.what() + " on " + b.name() + ", each first player: "
                                    + held.tally(0) + " of " + held.rows() + " cases held (" + held.seconds()
                                    + " s)");
                        }
                        return summary;
                    },
                    HexTables::publish,
                    out);
        }

        /** What a layer of a layered run took, or that it was kept from an unfinished run. */
        private static String layerLine(HexLayeredSolve.Layer layer) {
            return "  layer " + layer.stones() + ": " + layer.positions() + " positions, " + layer.winnable()
                    + " winnable, "
                    + (layer.resumed()
                            ? "kept from the unfinished run"
                            : layer.millis() + " ms, " + layer.shuffleBytes() + " shuffle bytes, peak task memory "
                                    + layer.peakTaskMemory() + " bytes");
        }
    }

    /** {@code census decide hex}. */
    @Command(
            name = "hex",
            description = {
                "Who wins the empty board (any board up to 25 cells; above 16 cells the settled"
                        + " positions are cached) for each first player, or the one given, by exhaustive search, and which first moves"
                        + " win: each is proven on its own, by default on boards up to "
                        + HexExactSolver.LISTED_OPENINGS_CELLS
                        + " cells (5x5's take about 5 minutes a first player). Prints to standard output; writes nothing."
            })
    static final class Decide implements Callable<Integer> {
        @Mixin
        CommandOptions.Profile profile;

        @Option(names = "--board", paramLabel = "RxC", description = "the board (required)")
        String board;

        @Option(names = "--first", paramLabel = "SIDE", description = "down or across (default: each in turn)")
        String first;

        @Option(
                names = "--openings",
                paramLabel = "yes|no",
                description = "list the winning first moves (default: yes up" + " to "
                        + HexExactSolver.LISTED_OPENINGS_CELLS + " cells)")
        String openings;

        @Override
        public Integer call() {
            profile.config(); // no setting applies, but an unknown profile is refused as everywhere
            if (board == null) {
                throw new UsageException("'decide hex' needs --board RxC");
            }
            final HexBoard b;
            try {
                b = HexBoard.parse(board);
            } catch (IllegalArgumentException e) {
                throw new UsageException("--board: " + e.getMessage());
            }
            if (openings != null && !openings.equals("yes") && !openings.equals("no")) {
                throw new UsageException("--openings must be yes or no, got '" + openings + "'");
            }
            final List<HexBoard.Side> firsts =
                    first != null ? List.of(HexJob.side(first)) : List.of(HexBoard.Side.values());
            final PrintWriter out = profile.out();
            for (HexBoard.Side side : firsts) {
                final long start = System.nanoTime();
                final HexExactSolver solver = new HexExactSolver(b, side);
                // Listing every winning first move means proving each: by default only where that is cheap.
                final boolean listMoves =
                        openings == null ? b.cells() <= HexExactSolver.LISTED_OPENINGS_CELLS : openings.equals("yes");
                final int wins = listMoves ? solver.winningCells(0, 0) : (solver.winnable(0, 0) ? -1 : 0);
                final HexBoard.Side winner = wins != 0 ? side : side.other();
                final StringBuilder cells = new StringBuilder();
                for (int rest = listMoves ? wins : 0; rest != 0; rest &= rest - 1) {
                    cells.append(cells.length() == 0 ? "" : " ").append(Integer.numberOfTrailingZeros(rest));
                }
                out.println(
                        "hex " + b.name() + ", " + side.label() + " first: " + winner.label() + " wins the empty board"
                                + (wins != 0 && listMoves
                                        ? "; winning first moves (" + Integer.bitCount(wins) + " of " + b.cells()
                                                + "): " + cells
                                        : "")
                                + String.format(Locale.ROOT, " (%.1f s)", (System.nanoTime() - start) / 1e9));
            }
            return 0;
        }
    }

    @Override
    public Published published(CensusConfig config) {
        final List<HexBoard> boards = new ArrayList<>();
        for (String spec : config.getList("publish.hex.boards", "2x2,2x3,2x4,3x2,3x3,3x4,4x2,4x3,4x4,3x5,5x3")) {
            final HexBoard b = HexJob.board(spec);
            HexJob.checkSize(b, maxTableEntries(config));
            boards.add(b);
        }
        final List<String> sample = config.getList("publish.hex.sample", "4x4,3000,1");
        if (sample.size() != 3) {
            throw new UsageException("publish.hex.sample is BOARD,COUNT,SEED");
        }
        final HexBoard sampleBoard = HexJob.board(sample.get(0));
        final long count;
        final long seed;
        try {
            count = WholeNumber.parse(sample.get(1));
            seed = WholeNumber.parse(sample.get(2));
        } catch (NumberFormatException e) {
            throw new UsageException("publish.hex.sample is BOARD,COUNT,SEED with whole numbers, got " + sample);
        }
        final long emptyCells = config.getLong("publish.hex.empty-board-cells", 20);
        final int emptyBoardCells = (int) Math.min(emptyCells, HexBoard.MAX_CELLS);
        final long potentialCells = config.getLong("publish.hex.potential-max-cells", HexJob.MAX_POTENTIAL_CELLS);
        final SliceCommit potential = HexJob.potentialDefender((int) Math.min(potentialCells, Integer.MAX_VALUE));
        // The committed rules' boards: those listed, else the potential's (spec/hex.md's boards among them).
        final List<HexBoard> committedBoards = new ArrayList<>();
        final List<String> listed = config.getList("publish.hex.committed-boards", "");
        if (listed.isEmpty()) {
            committedBoards.addAll(HexJob.boardsUpTo((int) Math.min(potentialCells, HexJob.MAX_POTENTIAL_CELLS)));
        }
        for (String spec : listed) {
            try {
                committedBoards.add(HexBoard.parse(spec));
            } catch (IllegalArgumentException e) {
                throw new UsageException("publish.hex.committed-boards: " + e.getMessage());
            }
        }
        final SliceCommit committed = HexJob.committedRules(committedBoards);
        return new Published(
                warehouse -> {
                    for (HexBoard b : boards) {
                        for (HexBoard.Side first : HexBoard.Side.values()) {
                            HexJob.claimCensus(warehouse, b, first, false);
                        }
                    }
                    HexJob.claimEmptyBoards(warehouse, emptyBoardCells);
                    potential.claim(warehouse);
                    committed.claim(warehouse);
                    HexJob.claimSample(warehouse, sampleBoard, HexBoard.Side.DOWN, count, seed);
                },
                (spark, warehouse, partitions, out) -> {
                    for (HexBoard b : boards) {
                        for (HexBoard.Side first : HexBoard.Side.values()) {
                            out.println(HexJob.census(spark, warehouse, b, first, partitions));
                        }
                    }
                    out.println("hex empty boards: " + HexJob.emptyBoards(spark, warehouse, emptyBoardCells)
                            + " boards of up to " + emptyCells + " cells decided");
                    final SliceCommit.Timed held = potential.commit(spark, warehouse, partitions);
                    out.println("hex potential defender: " + potential.ids().size() + " boards of up to "
                            + potentialCells + " cells, each first player, three tie policies; " + held.tally(0)
                            + " of " + held.rows() + " cases held (" + held.seconds() + " s)");
                    final SliceCommit.Timed kept = committed.commit(spark, warehouse, partitions);
                    out.println("hex committed circuit rules: " + committedBoards.size()
                            + " boards, each first player, both rules, both fallbacks; " + kept.tally(0) + " of "
                            + kept.rows() + " cases held (" + kept.seconds() + " s)");
                    final long sampled = HexJob.sampleCensus(
                            spark, warehouse, sampleBoard, HexBoard.Side.DOWN, count, seed, partitions);
                    out.println("hex sample on " + sampleBoard.name() + ": " + count + " positions, " + sampled
                            + " winnable");
                },
                (spark, warehouse) -> HexTables.publish(spark, warehouse));
    }

    @Override
    public BenchSize benchSize() {
        return new BenchSize("--board", "RxC", "bench.hex.board", "4x4", "the hex census's board (Down first)");
    }

    @Override
    public Benched benched(CensusConfig config, String size) {
        final HexBoard b = HexJob.board(size != null ? size : config.get("bench.hex.board", "4x4"));
        HexJob.checkSize(b, maxTableEntries(config));
        return new Benched(
                name(),
                b.name() + ", Down first",
                (spark, w) -> HexJob.census(spark, w, b, HexBoard.Side.DOWN, 0).positions());
    }
}
