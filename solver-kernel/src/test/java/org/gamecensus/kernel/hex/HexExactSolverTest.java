package org.gamecensus.kernel.hex;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.gamecensus.kernel.hex.HexBoard.Side;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The exact search's shortcuts (completing cells, threats, forced blocks) against the plain minimax. */
class HexExactSolverTest {

    @ParameterizedTest
    @CsvSource({"1x1", "1x4", "4x1", "2x2", "3x3", "3x4", "4x5", "5x5", "2x7", "7x3"})
    void completionsAreTheEmptyCellsWhereOneStoneMakesTheChain(String spec) {
        final HexBoard b = HexBoard.parse(spec);
        final PlainHexMinimax plain = new PlainHexMinimax(b, true);
        final Random random = new Random(20261201L);
        int nonEmpty = 0;
        for (int i = 0; i < 4000; i++) {
            final int stones = random.nextInt() & random.nextInt() & b.all();
            final int down = stones & random.nextInt();
            final int across = stones & ~down;
            final int empty = b.all() & ~stones;
            for (Side side : Side.values()) {
                final int own = side == Side.DOWN ? down : across;
                if (plain.chain(side == Side.DOWN, own)) {
                    continue; // completions are asked of stones that hold no chain yet
                }
                int expected = 0;
                for (int x = 0; x < b.cells(); x++) {
                    if ((empty & (1 << x)) != 0 && plain.chain(side == Side.DOWN, own | (1 << x))) {
                        expected |= 1 << x;
                    }
                }
                assertEquals(expected, b.completions(side, own, empty), spec + " " + side + " " + down + "/" + across);
                nonEmpty += expected != 0 ? 1 : 0;
            }
        }
        assertTrue(nonEmpty > 100, spec + ": positions with completing cells were tried");
    }

    /**
     * Boards over the table's 16 cells use the cache; positions late in a game keep the plain
     * minimax small. Every winning cell of each must be the minimax's, both first players, with
     * the full cache and with one of 16 entries, where positions keep evicting one another.
     */
    @ParameterizedTest
    @CsvSource({"3x6,9", "4x5,9", "5x4,8", "2x9,10", "5x5,8"})
    void cacheSolverFindsThePlainMinimaxsWinningCellsLateInGames(String spec, int emptyCells) {
        final HexBoard b = HexBoard.parse(spec);
        assertTrue(b.cells() > HexExactSolver.TABLE_CELLS, spec + " takes the cache");
        final Random random = new Random(7L);
        int winnable = 0;
        for (Side first : Side.values()) {
            final HexExactSolver solver = new HexExactSolver(b, first);
            final HexExactSolver evicting = new HexExactSolver(b, first, 4);
            final PlainHexMinimax plain = new PlainHexMinimax(b, first == Side.DOWN);
            int tried = 0;
            while (tried < 60) {
                final int[] p = livePosition(b, first, b.cells() - emptyCells, random, plain);
                if (p == null) {
                    continue;
                }
                tried++;
                final boolean downMoves = plain.downToMove(p[0], p[1]);
                int expected = 0;
                for (int x = 0; x < b.cells(); x++) {
                    if (((p[0] | p[1]) & (1 << x)) == 0 && plain.cellWins(p[0], p[1], x, downMoves)) {
                        expected |= 1 << x;
                    }
                }
                assertEquals(
                        expected, solver.winningCells(p[0], p[1]), spec + " " + first + " first, " + p[0] + "/" + p[1]);
                assertEquals(expected != 0, solver.winnable(p[0], p[1]));
                assertEquals(expected, evicting.winningCells(p[0], p[1]), spec + " with 16 entries");
                winnable += expected != 0 ? 1 : 0;
            }
        }
        assertTrue(winnable > 5 && winnable < 115, spec + ": both verdicts occur, " + winnable + " of 120");
    }

    /**
     * Two threads sharing one cache solver (4×5, 2^18 entries, so they overwrite each other's
     * entries all the time) find, for positions along random games, taken in opposite orders,
     * the winning cells a solver of one's own finds.
     */
    @Test
    void threadsSharingACacheSolverFindWhatOneAloneFinds() throws Exception {
        final HexBoard b = HexBoard.parse("4x5");
        final HexSampler sampler = new HexSampler(b, Side.DOWN, 11L);
        final int n = 80;
        final int[][] positions = new int[n][];
        final int[] expected = new int[n];
        final HexExactSolver alone = new HexExactSolver(b, Side.DOWN, 20);
        for (int i = 0; i < n; i++) {
            positions[i] = sampler.sample(i);
            expected[i] = alone.winningCells(positions[i][0], positions[i][1]);
        }
        final HexExactSolver shared = new HexExactSolver(b, Side.DOWN, 18);
        final ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            final List<Future<int[]>> found = new ArrayList<>();
            for (boolean forwards : new boolean[] {true, false}) {
                found.add(threads.submit(() -> {
                    final int[] cells = new int[n];
                    for (int k = 0; k < n; k++) {
                        final int i = forwards ? k : n - 1 - k;
                        cells[i] = shared.winningCells(positions[i][0], positions[i][1]);
                    }
                    return cells;
                }));
            }
            assertArrayEquals(expected, found.get(0).get(), "the thread going forwards");
            assertArrayEquals(expected, found.get(1).get(), "the thread going backwards");
        } finally {
            threads.shutdownNow();
        }
        assertTrue(Arrays.stream(expected).filter(w -> w == 0).count() > 5, "losing positions among them");
    }

    /**
     * On a board longer than wide the nearer-edges side wins even moving second, so as first
     * player every opening wins (a stone never hurts) and as second none of the other's does.
     */
    @ParameterizedTest
    @CsvSource({"4x5", "5x4", "3x6", "2x9"})
    void everyOpeningOfTheNearerSideWinsAndNoneOfTheOther(String spec) {
        final HexBoard b = HexBoard.parse(spec);
        final Side nearer = b.rows() < b.cols() ? Side.DOWN : Side.ACROSS;
        assertEquals(b.all(), new HexExactSolver(b, nearer).winningCells(0, 0), spec + " " + nearer + " first");
        assertEquals(
                0, new HexExactSolver(b, nearer.other()).winningCells(0, 0), spec + " " + nearer.other() + " first");
    }

    /**
     * Transposing the board (r × c to c × r, cell (i, j) to (j, i)) and swapping the colours turns
     * Down's game into Across's, so the winning cells of a position are the transposed winning
     * cells of its image with the other first player: two searches that share no entry. Random
     * positions at every stage of the game, and the empty board.
     */
    @ParameterizedTest
    @CsvSource({"3x3,0", "4x4,0", "3x4,0", "4x5,6", "5x5,11"})
    void aPositionAndItsTransposeWithColoursSwappedHaveTransposedWinningCells(String spec, int minStones) {
        final HexBoard b = HexBoard.parse(spec);
        final HexBoard t = new HexBoard(b.cols(), b.rows());
        final PlainHexMinimax chains = new PlainHexMinimax(b, true);
        final Random random = new Random(11L);
        for (Side first : Side.values()) {
            final HexExactSolver solver = new HexExactSolver(b, first);
            final HexExactSolver image = new HexExactSolver(t, first.other());
            if (b.cells() <= HexExactSolver.TABLE_CELLS) { // listing every opening beyond takes seconds to minutes
                assertEquals(
                        transpose(b, solver.winningCells(0, 0)),
                        image.winningCells(0, 0),
                        spec + " empty, " + first + " first");
            }
            int tried = 0;
            while (tried < 40) {
                final int[] p =
                        livePosition(b, first, minStones + random.nextInt(b.cells() - minStones - 1), random, chains);
                if (p == null) {
                    continue;
                }
                tried++;
                assertEquals(
                        transpose(b, solver.winningCells(p[0], p[1])),
                        image.winningCells(transpose(b, p[1]), transpose(b, p[0])),
                        spec + " " + p[0] + "/" + p[1]);
            }
        }
    }

    /** The cells of {@code mask} on board {@code b}, transposed onto the c × r board. */
    private static int transpose(HexBoard b, int mask) {
        int out = 0;
        for (int x = 0; x < b.cells(); x++) {
            if ((mask & (1 << x)) != 0) {
                out |= 1 << ((x % b.cols()) * b.rows() + x / b.cols());
            }
        }
        return out;
    }

    /** A random live position of {@code stones} stones played alternately from {@code first}, or null. */
    private static int[] livePosition(HexBoard b, Side first, int stones, Random random, PlainHexMinimax plain) {
        int down = 0;
        int across = 0;
        Side mover = first;
        for (int k = 0; k < stones; k++) {
            int x;
            do {
                x = random.nextInt(b.cells());
            } while (((down | across) & (1 << x)) != 0);
            if (mover == Side.DOWN) {
                down |= 1 << x;
            } else {
                across |= 1 << x;
            }
            mover = mover.other();
        }
        return plain.chain(true, down) || plain.chain(false, across) ? null : new int[] {down, across};
    }

    /** Up to 16 cells the factory hands out the JVM's shared table, for either first player apart. */
    @Test
    void theFactoryGivesTheSharedTableUpToSixteenCells() {
        final HexBoard b = new HexBoard(2, 3);
        assertSame(HexExactSolver.shared(b, Side.DOWN), HexExactSolver.of(b, Side.DOWN));
        assertNotSame(HexExactSolver.of(b, Side.DOWN), HexExactSolver.of(b, Side.ACROSS));
        assertEquals(Side.ACROSS, HexExactSolver.of(b, Side.ACROSS).first());
    }
}
