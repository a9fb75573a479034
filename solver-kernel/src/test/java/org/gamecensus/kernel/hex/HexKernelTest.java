package org.gamecensus.kernel.hex;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.gamecensus.kernel.hex.CircuitRules.Rule;
import org.gamecensus.kernel.hex.HexBoard.Side;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HexKernelTest {

    @Test
    void geometryHasSixNeighboursInsideAndSpreadMatchesThem() {
        final HexBoard b = new HexBoard(3, 4);
        assertEquals(6, Integer.bitCount(b.neighbours(5)), "cell (1,1)");
        assertEquals(2, Integer.bitCount(b.neighbours(0)), "corner (0,0): (0,1) and (1,0)");
        assertEquals(3, Integer.bitCount(b.neighbours(3)), "corner (0,3): (0,2), (1,3), (1,2)");
        final Random random = new Random(3);
        for (int i = 0; i < 1000; i++) {
            final int set = random.nextInt() & b.all();
            int expected = set;
            for (int x = 0; x < b.cells(); x++) {
                if ((set & (1 << x)) != 0) {
                    expected |= b.neighbours(x);
                }
            }
            assertEquals(expected, b.spread(set));
        }
        // The half-turn: cell (i, j) to (rows − 1 − i, cols − 1 − j), neighbours to neighbours.
        assertEquals(1 << 11, b.turn(1));
        assertEquals(1 << 6, b.turn(1 << 5), "(1,1) to (1,2)");
        for (int x = 0; x < b.cells(); x++) {
            assertEquals(b.turn(b.neighbours(x)), b.neighbours(b.cells() - 1 - x), "cell " + x);
        }
    }

    /**
     * A census reads its children's resistances from a table and grades half of the positions
     * through their half-turns; one position at a time solves two circuits per empty cell. The two
     * must grade every position alike, and every live position must be emitted once (all of 3×4
     * and 4×3; every 16th slice of 3×5, whose children lie in slices decided before and after).
     */
    @ParameterizedTest
    @CsvSource({"3x4, 1", "4x3, 1", "3x5, 16"})
    void sliceGradesEqualOnePositionAtATime(String spec, int sliceStep) {
        final HexBoard b = HexBoard.parse(spec);
        for (Side first : Side.values()) {
            final HexExactSolver solver = new HexExactSolver(b, first);
            final HexCensusKernel slices = new HexCensusKernel(solver, new HexResistanceTable(b, first));
            final HexCensusKernel single = new HexCensusKernel(solver);
            final int[] graded = {0};
            final Set<Long> emitted = new HashSet<>();
            for (int s = 0; s < slices.sliceCount(); s += sliceStep) {
                slices.decideSlice(s, v -> {
                    final String at = spec + " " + first + " " + v.down() + "/" + v.across();
                    assertTrue(emitted.add(((long) v.down() << 32) | v.across()), at + " emitted once");
                    assertEquals(solver.winningCells(v.down(), v.across()), v.winningMask(), at);
                    final int down = v.down();
                    final int across = v.across();
                    final boolean winnable = v.winnable();
                    final int[] got = winnable
                            ? new int[] {
                                v.ratioPick(),
                                v.ratioRank(),
                                v.currentPick(),
                                v.currentRank(),
                                v.potentialPick(),
                                v.potentialRank()
                            }
                            : new int[0];
                    final HexPositionVerdict w = single.decide(down, across);
                    assertEquals(winnable, w.winnable(), at);
                    if (winnable) {
                        graded[0]++;
                        assertArrayEquals(
                                new int[] {
                                    w.ratioPick(),
                                    w.ratioRank(),
                                    w.currentPick(),
                                    w.currentRank(),
                                    w.potentialPick(),
                                    w.potentialRank()
                                },
                                got,
                                at);
                    }
                });
            }
            assertTrue(graded[0] > 1000, spec + " grades positions");
            if (sliceStep == 1) {
                int live = 0;
                for (int stones = b.all(); ; stones = (stones - 1) & b.all()) {
                    for (int d = stones; ; d = (d - 1) & stones) {
                        final int a = stones & ~d;
                        if (solver.mover(d, a) != null && !b.connects(Side.DOWN, d) && !b.connects(Side.ACROSS, a)) {
                            live++;
                        }
                        if (d == 0) {
                            break;
                        }
                    }
                    if (stones == 0) {
                        break;
                    }
                }
                assertEquals(live, emitted.size(), spec + " emits every live position");
            }
        }
    }

    @ParameterizedTest
    @CsvSource({"2x2", "2x3", "3x2", "3x3"})
    void tableSolverMatchesPlainMinimaxOnEveryLivePosition(String spec) {
        final HexBoard b = HexBoard.parse(spec);
        for (Side first : Side.values()) {
            final HexExactSolver solver = new HexExactSolver(b, first);
            final PlainHexMinimax plain = new PlainHexMinimax(b, first == Side.DOWN);
            final HexCensusKernel kernel = new HexCensusKernel(solver);
            final int[] live = {0};
            for (int s = 0; s < kernel.sliceCount(); s++) {
                kernel.decideSlice(s, v -> {
                    live[0]++;
                    final boolean downMoves = plain.downToMove(v.down(), v.across());
                    assertEquals(downMoves ? Side.DOWN : Side.ACROSS, v.toMove());
                    int wins = 0;
                    for (int x = 0; x < b.cells(); x++) {
                        if (((v.down() | v.across()) & (1 << x)) == 0
                                && plain.cellWins(v.down(), v.across(), x, downMoves)) {
                            wins |= 1 << x;
                        }
                    }
                    assertEquals(wins, v.winningMask(), spec + " " + v.down() + "/" + v.across());
                });
            }
            assertTrue(live[0] > 10, spec + " has live positions");
        }
    }

    @ParameterizedTest
    @CsvSource({"2x2", "3x3", "4x4", "2x3", "3x4", "3x2", "4x3", "3x5"})
    void emptyBoardWinnersFollowStrategyStealingAndThePairing(String spec) {
        final HexBoard b = HexBoard.parse(spec);
        for (Side first : Side.values()) {
            final boolean firstWins = new HexExactSolver(b, first).winnable(0, 0);
            if (b.rows() == b.cols()) {
                assertTrue(firstWins, spec + ": the first player wins a square board");
            } else {
                final Side nearer = b.rows() < b.cols() ? Side.DOWN : Side.ACROSS;
                assertEquals(first == nearer, firstWins, spec + ": the nearer-edges side wins");
            }
        }
    }

    @ParameterizedTest
    @CsvSource({"1x5", "2x3", "3x4", "4x3", "4x4", "4x5", "5x4", "5x5", "2x7"})
    void skylineCircuitSolveIsTheDenseSolveBitForBit(String spec) {
        final HexBoard b = HexBoard.parse(spec);
        final HexCircuit skyline = new HexCircuit(b);
        final DenseHexCircuit dense = new DenseHexCircuit(b);
        final Random random = new Random(20261201);
        int finite = 0;
        for (int i = 0; i < 3000; i++) {
            // Stones at random densities, so that cut-out cells leave gaps in the node order.
            final int stones = random.nextInt() & random.nextInt() & b.all();
            final int down = stones & random.nextInt();
            final int across = stones & ~down;
            for (Side side : Side.values()) {
                final int own = side == Side.DOWN ? down : across;
                final int opp = side == Side.DOWN ? across : down;
                // The skyline solve takes the orientation of the smaller pair of masks: so does the dense one here.
                final int turnedOwn = b.turn(own);
                final int turnedOpp = b.turn(opp);
                final boolean turned = (((long) turnedOwn << 32) | turnedOpp) < (((long) own << 32) | opp);
                final double[] denseCurrents = new double[HexBoard.MAX_CELLS];
                final double[] expected = new double[HexBoard.MAX_CELLS];
                final double[] actual = new double[HexBoard.MAX_CELLS];
                final double r = turned
                        ? dense.resistance(side, turnedOwn, turnedOpp, denseCurrents)
                        : dense.resistance(side, own, opp, denseCurrents);
                for (int x = 0; x < b.cells(); x++) {
                    expected[turned ? b.cells() - 1 - x : x] = denseCurrents[x];
                }
                assertEquals(
                        Double.doubleToLongBits(r),
                        Double.doubleToLongBits(skyline.resistance(side, own, opp)),
                        spec + " " + side + " " + down + "/" + across);
                if (r < Double.POSITIVE_INFINITY) {
                    finite++;
                    skyline.addCurrents(side, actual);
                    for (int x = 0; x < b.cells(); x++) {
                        assertEquals(
                                Double.doubleToLongBits(expected[x]),
                                Double.doubleToLongBits(actual[x]),
                                spec + " current of cell " + x);
                    }
                }
            }
        }
        assertTrue(finite > 1000, "most random circuits conduct: " + finite);
    }

    /** A position and its half-turn: one circuit, so the same resistance and mapped currents, bit for bit. */
    @ParameterizedTest
    @CsvSource({"3x4", "4x4", "4x5", "5x5"})
    void halfTurnsSolveToTheSameBits(String spec) {
        final HexBoard b = HexBoard.parse(spec);
        final HexCircuit circuit = new HexCircuit(b);
        final Random random = new Random(20261205);
        int asymmetric = 0;
        for (int i = 0; i < 2000; i++) {
            final int stones = random.nextInt() & random.nextInt() & b.all();
            final int down = stones & random.nextInt();
            final int across = stones & ~down;
            final int turnedDown = b.turn(down);
            final int turnedAcross = b.turn(across);
            if (down == turnedDown && across == turnedAcross) {
                continue; // its own half-turn: cells x and cells − 1 − x agree only to rounding
            }
            asymmetric++;
            for (Side side : Side.values()) {
                final int own = side == Side.DOWN ? down : across;
                final int opp = side == Side.DOWN ? across : down;
                final double[] currents = new double[HexBoard.MAX_CELLS];
                final double[] turnedCurrents = new double[HexBoard.MAX_CELLS];
                final double r = circuit.resistance(side, own, opp);
                circuit.addCurrents(side, currents);
                final double t = circuit.resistance(
                        side,
                        side == Side.DOWN ? turnedDown : turnedAcross,
                        side == Side.DOWN ? turnedAcross : turnedDown);
                circuit.addCurrents(side, turnedCurrents);
                assertEquals(Double.doubleToLongBits(r), Double.doubleToLongBits(t), spec + " " + down + "/" + across);
                for (int x = 0; x < b.cells(); x++) {
                    assertEquals(
                            Double.doubleToLongBits(currents[x]),
                            Double.doubleToLongBits(turnedCurrents[b.cells() - 1 - x]),
                            spec + " current of cell " + x);
                }
            }
        }
        assertTrue(asymmetric > 1900, "most random positions differ from their half-turn");
    }

    @Test
    void circuitResistancesOfTinyBoards() {
        final HexCircuit c1 = new HexCircuit(new HexBoard(1, 1));
        assertEquals(2.0, c1.resistance(Side.DOWN, 0, 0), 1e-12, "terminal, cell, terminal: 1 + 1");
        final HexCircuit c2 = new HexCircuit(new HexBoard(1, 2));
        assertEquals(1.0, c2.resistance(Side.DOWN, 0, 0), 1e-12, "two such paths in parallel");
        assertEquals(4.0, c2.resistance(Side.ACROSS, 0, 0), 1e-12, "1 + (1 + 1) + 1 in series");
        assertEquals(2.0 + 2e-6, c2.resistance(Side.ACROSS, 1, 0), 1e-9, "a wire for cell 0: 1e-6 + (1e-6 + 1) + 1");
        assertEquals(
                Double.POSITIVE_INFINITY, c2.resistance(Side.ACROSS, 0, 1), "an opponent stone cuts the only route");
        assertEquals(2.0, c2.resistance(Side.DOWN, 0, 1), 1e-12, "one of the two parallel paths cut");
    }

    @Test
    void currentsBalanceTheTerminalCurrent() {
        final HexBoard b = new HexBoard(3, 3);
        final HexCircuit c = new HexCircuit(b);
        final double r = c.resistance(Side.DOWN, 1 << 4, 1 << 1);
        final double[] cur = new double[b.cells()];
        c.addCurrents(Side.DOWN, cur);
        // Every unit of current enters through the top row and leaves through the bottom row.
        double top = 0;
        for (int x = 0; x < 3; x++) {
            top += cur[x];
        }
        assertTrue(r > 0 && r < Double.POSITIVE_INFINITY);
        assertEquals(0.0, cur[1], 0.0, "the cut cell carries nothing");
        assertTrue(top > 1.0 / r * 0.5, "top-row cells carry at least half the terminal current");
    }

    @Test
    void ruleTiesGoToTheLowestCellAndRanksCountThem() {
        final double[] s = {1.0, 3.0, 3.0 * (1 + 1e-12), 2.0};
        assertEquals(1, CircuitRules.pick(s, 0b1111), "within 1e-9: a tie, lowest cell");
        assertEquals(1, CircuitRules.rank(s, 0b1111, 1));
        assertEquals(2, CircuitRules.rank(s, 0b1111, 2));
        assertEquals(3, CircuitRules.rank(s, 0b1111, 3));
        assertEquals(4, CircuitRules.rank(s, 0b1111, 0));
        assertEquals(2, CircuitRules.bestRank(s, 0b1111, 0b1101));
        final double[] inf = {Double.POSITIVE_INFINITY, 5.0, Double.POSITIVE_INFINITY};
        assertEquals(0, CircuitRules.pick(inf, 0b111));
    }

    @Test
    void threeByFourReproducesTheEssay() {
        final HexExactSolver solver = new HexExactSolver(new HexBoard(3, 4), Side.DOWN);
        final HexCensusKernel kernel = new HexCensusKernel(solver);
        final long[] c = new long[4];
        final double[] random = {0};
        for (int s = 0; s < kernel.sliceCount(); s++) {
            kernel.decideSlice(s, v -> {
                c[0]++;
                if (v.winnable()) {
                    c[1]++;
                    c[2] += v.ratioWins() ? 1 : 0;
                    c[3] += v.currentWins() ? 1 : 0;
                    random[0] += (double) Integer.bitCount(v.winningMask()) / (12 - v.stones());
                }
            });
        }
        assertEquals(69_666, c[1]);
        assertEquals(99.1, Math.round(1000.0 * c[2] / c[1]) / 10.0);
        assertEquals(99.2, Math.round(1000.0 * c[3] / c[1]) / 10.0);
        assertEquals(62, Math.round(100 * random[0] / c[1]));
    }

    @Test
    void adversarialTableOfTheEssay() {
        // Moving first: both rules hold 3x4 and lose 4x4. Moving second: hold 2x3, lose 3x4.
        for (Rule rule : Rule.values()) {
            for (boolean reply : new boolean[] {false, true}) {
                assertTrue(check("3x4", Side.DOWN, rule, reply).holds());
                assertFalse(check("4x4", Side.DOWN, rule, reply).holds());
                final AdversaryVerdict second = check("2x3", Side.ACROSS, rule, reply);
                assertEquals(Side.DOWN, second.side());
                assertFalse(second.movingFirst());
                assertTrue(second.holds());
                final AdversaryVerdict slip = check("3x4", Side.ACROSS, rule, reply);
                assertFalse(slip.holds());
                assertLosingLineIsALoss(HexBoard.parse("3x4"), Side.ACROSS, slip);
            }
        }
    }

    private static AdversaryVerdict check(String board, Side first, Rule rule, boolean reply) {
        return new CircuitAdversary(new HexExactSolver(HexBoard.parse(board), first), rule, reply).run();
    }

    /** Replays a losing line: alternate moves from the empty board, ending with the opponent's chain. */
    private static void assertLosingLineIsALoss(HexBoard b, Side first, AdversaryVerdict r) {
        int down = 0;
        int across = 0;
        Side mover = first;
        for (int i = 0; i < r.losingLine().length; i++) {
            final int x = r.losingLine()[i];
            assertEquals(0, (down | across) & (1 << x), "a line plays empty cells");
            if (mover == Side.DOWN) {
                down |= 1 << x;
            } else {
                across |= 1 << x;
            }
            final boolean last = i == r.losingLine().length - 1;
            assertEquals(last, b.connects(mover, mover == Side.DOWN ? down : across), "the chain completes at the end");
            mover = mover.other();
        }
        assertEquals(r.side().other(), mover.other(), "the opponent made the last move");
    }

    @Test
    void samplesAreLiveAndDependOnTheSeedAndIndexAlone() {
        final HexBoard b = new HexBoard(4, 4);
        final HexSampler a = new HexSampler(b, Side.DOWN, 42);
        final HexSampler again = new HexSampler(b, Side.DOWN, 42);
        final HexExactSolver solver = new HexExactSolver(b, Side.DOWN);
        int differentFromOtherSeed = 0;
        final HexSampler other = new HexSampler(b, Side.DOWN, 43);
        for (long i = 999; i >= 0; i--) {
            final int[] p = a.sample(i);
            assertArrayEquals(p, again.sample(i), "sample " + i + " in any order");
            assertTrue(solver.mover(p[0], p[1]) != null, "counts fit alternate play");
            assertFalse(b.connects(Side.DOWN, p[0]) || b.connects(Side.ACROSS, p[1]), "live");
            differentFromOtherSeed += Arrays.equals(p, other.sample(i)) ? 0 : 1;
        }
        assertTrue(differentFromOtherSeed > 500);
    }

    @Test
    void boardsAreCheckedInTheConstructor() {
        assertThrows(IllegalArgumentException.class, () -> new HexBoard(0, 3));
        assertThrows(IllegalArgumentException.class, () -> new HexBoard(5, 6));
        assertThrows(IllegalArgumentException.class, () -> HexBoard.parse("3by4"));
        // Sides whose product overflows an int: 2^31 − 1 × 2 wraps to −2, 46341² to a negative number.
        assertThrows(IllegalArgumentException.class, () -> new HexBoard(Integer.MAX_VALUE, 2));
        assertThrows(IllegalArgumentException.class, () -> new HexBoard(46341, 46341));
        for (String spec : new String[] {"2147483647x2", "65536x65536", "99999999999x1", "00010x5"}) {
            final IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> HexBoard.parse(spec), spec);
            assertTrue(e.getMessage().contains("1 to 25 cells"), e.getMessage());
        }
        // Only ASCII digits, no sign: Integer.parseInt alone takes fullwidth and Arabic-Indic digits and a '+'.
        for (String spec : new String[] {"\uff14x\uff14", "\u0663x3", "+2x2", "-1x3", " 4x4", "4x4 ", "4X4"}) {
            final IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> HexBoard.parse(spec), spec);
            assertTrue(e.getMessage().contains("a board is RxC"), e.getMessage());
        }
        assertEquals("4x4", HexBoard.parse("04x4").name());
        assertEquals("1x5", HexBoard.parse("0000000000001x005").name());
    }
}
