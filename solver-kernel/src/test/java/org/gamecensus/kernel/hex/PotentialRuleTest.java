package org.gamecensus.kernel.hex;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.gamecensus.kernel.hex.HexBoard.Side;
import org.gamecensus.kernel.hex.PotentialAdversary.Ties;
import org.junit.jupiter.api.Test;

class PotentialRuleTest {

    /** Every r × c board with r, c ≥ 2 and at most {@code cells} cells. */
    private static List<HexBoard> boards(int cells) {
        final List<HexBoard> out = new ArrayList<>();
        for (int r = 2; 2 * r <= cells; r++) {
            for (int c = 2; r * c <= cells; c++) {
                out.add(new HexBoard(r, c));
            }
        }
        return out;
    }

    @Test
    void theSpecsCountsOfWinningSets() {
        for (Side side : Side.values()) {
            assertEquals(3, WinningSets.of(new HexBoard(2, 2), side).length, side + " on 2x2");
            assertEquals(5, WinningSets.of(new HexBoard(2, 3), side).length, side + " on 2x3");
        }
    }

    @Test
    void winningSetsAreTheMinimalChainsFoundByBruteForceOnEveryBoardUpToSixteenCells() {
        for (HexBoard b : boards(16)) {
            for (Side side : Side.values()) {
                final int[] expected = PlainPotentialDefender.minimalSets(b, side == Side.DOWN).stream()
                        .mapToInt(Integer::intValue)
                        .sorted()
                        .toArray();
                assertArrayEquals(expected, WinningSets.of(b, side), side + " on " + b.name());
            }
        }
    }

    @Test
    void theRulesTiedCellsAreThoseOfExactFractions() {
        for (HexBoard b : boards(12)) {
            final PotentialRule rule = new PotentialRule(b);
            final long[] potentials = new long[HexBoard.MAX_CELLS];
            for (Side defender : Side.values()) {
                final PlainPotentialDefender plain =
                        new PlainPotentialDefender(b, true, defender == Side.DOWN, "lowest");
                // A few positions along a fixed game: each side's stones on alternate cells.
                int down = 0;
                int across = 0;
                for (int x = 0; x < b.cells() - 1; x++) {
                    final int tied = rule.score(defender, down, across, potentials);
                    final List<Integer> cells = new ArrayList<>();
                    for (int rest = tied; rest != 0; rest &= rest - 1) {
                        cells.add(Integer.numberOfTrailingZeros(rest));
                    }
                    assertEquals(plain.tied(down, across), cells, defender + " on " + b.name() + " after " + x);
                    final int cell = (x * 7) % b.cells();
                    if (((down | across) & (1 << cell)) == 0) {
                        if (x % 2 == 0) {
                            down |= 1 << cell;
                        } else {
                            across |= 1 << cell;
                        }
                    }
                }
            }
        }
    }

    @Test
    void theAdversarialVerdictsAgreeWithPlainRecursionOnEveryBoardUpToTwelveCells() {
        int held = 0;
        int lost = 0;
        for (HexBoard b : boards(12)) {
            for (Side first : Side.values()) {
                final Side winner = new PlainHexMinimax(b, first == Side.DOWN).moverWins(0, 0) ? first : first.other();
                final PotentialRule rule = new PotentialRule(b);
                // The rule for the side that wins the empty board (the census's case), and for the other
                // side, which no rule can hold: there the opponent's refutations are compared too.
                for (Side side : List.of(winner, winner.other()))
                    for (Ties ties : Ties.values()) {
                        final AdversaryVerdict r = new PotentialAdversary(rule, first, side, ties).run();
                        final PlainPotentialDefender plain =
                                new PlainPotentialDefender(b, first == Side.DOWN, side == Side.DOWN, ties.label());
                        final List<Integer> line = new ArrayList<>();
                        final boolean holds = plain.holds(0, 0, new ArrayList<>(), line);
                        final String what =
                                b.name() + ", " + first + " first, " + side + " defends, ties " + ties.label();
                        assertEquals(holds, r.holds(), what);
                        assertTrue(side == winner || !r.holds(), what + ": a board lost with perfect play is not held");
                        if (r.holds() || ties != Ties.LOWEST) {
                            assertNull(r.losingLine(), what);
                        } else {
                            assertEquals(line, toList(r.losingLine()), what);
                            assertLosingLineIsALoss(b, first, side, r.losingLine());
                        }
                        held += r.holds() ? 1 : 0;
                        lost += r.holds() ? 0 : 1;
                    }
            }
        }
        // The winning side's runs include holds, so agreement was checked on both outcomes.
        assertTrue(held > 0, held + " held, " + lost + " lost");
    }

    @Test
    void theDefendersBestHoldsWhereverLowestTiesDoAndTheOpponentsPickOnlyWhereTheyDo() {
        for (HexBoard b : boards(12)) {
            for (Side first : Side.values()) {
                final Side side = new HexExactSolver(b, first).winnable(0, 0) ? first : first.other();
                final PotentialRule rule = new PotentialRule(b);
                final boolean lowest = new PotentialAdversary(rule, first, side, Ties.LOWEST)
                        .run()
                        .holds();
                final boolean best = new PotentialAdversary(rule, first, side, Ties.DEFENDER_BEST)
                        .run()
                        .holds();
                final boolean pick = new PotentialAdversary(rule, first, side, Ties.OPPONENT_PICK)
                        .run()
                        .holds();
                assertTrue(!lowest || best, b.name() + ", " + first + " first");
                assertTrue(!pick || lowest, b.name() + ", " + first + " first");
            }
        }
    }

    @Test
    void theCensusGradesThePotentialsPickAndRankAsPlainFractionsDo() {
        final int[] counts = new int[3]; // winnable, potential wins, misses
        for (String name : List.of("3x3", "2x4", "3x4")) {
            final HexBoard b = HexBoard.parse(name);
            final HexCensusKernel census = new HexCensusKernel(new HexExactSolver(b, Side.DOWN));
            final PlainPotentialDefender[] plain = {
                new PlainPotentialDefender(b, true, true, "lowest"),
                new PlainPotentialDefender(b, true, false, "lowest")
            };
            for (int slice = 0; slice < census.sliceCount(); slice++) {
                census.decideSlice(slice, v -> {
                    if (!v.winnable()) {
                        assertEquals(-1, v.potentialPick(), "no pick on a lost position");
                        return;
                    }
                    // The potential for the mover: defending against the opponent's sets.
                    final List<Integer> tied = plain[v.toMove() == Side.DOWN ? 0 : 1].tied(v.down(), v.across());
                    final String where = b.draw(v.down(), v.across());
                    assertEquals(tied.get(0), v.potentialPick(), where);
                    assertEquals((v.winningMask() & (1 << tied.get(0))) != 0, v.potentialWins(), where);
                    counts[0]++;
                    counts[v.potentialWins() ? 1 : 2]++;
                    if (!v.potentialWins()) {
                        // Rank: 1 + the empty cells ordered before the best-placed winning cell.
                        final long[] p = plain[v.toMove() == Side.DOWN ? 0 : 1].potentials(v.down(), v.across());
                        int best = Integer.MAX_VALUE;
                        for (int x = 0; x < b.cells(); x++) {
                            if ((v.winningMask() & (1 << x)) == 0) {
                                continue;
                            }
                            int before = 0;
                            for (int y = 0; y < b.cells(); y++) {
                                final boolean empty = ((v.down() | v.across()) & (1 << y)) == 0;
                                if (empty && y != x && (p[y] > p[x] || p[y] == p[x] && y < x)) {
                                    before++;
                                }
                            }
                            best = Math.min(best, before + 1);
                        }
                        assertEquals(best, v.potentialRank(), where);
                    } else {
                        assertEquals(0, v.potentialRank(), where);
                    }
                });
            }
        }
        assertTrue(
                counts[1] > 0 && counts[2] > 0,
                "the potential wins some and misses some: " + counts[1] + "/" + counts[2]);
    }

    private static List<Integer> toList(int[] line) {
        final List<Integer> out = new ArrayList<>();
        for (int x : line) {
            out.add(x);
        }
        return out;
    }

    /** Replays a losing line: the moves alternate from the first player, and the opponent completes its chain last. */
    private static void assertLosingLineIsALoss(HexBoard b, Side first, Side side, int[] line) {
        int down = 0;
        int across = 0;
        Side mover = first;
        for (int i = 0; i < line.length; i++) {
            final int bit = 1 << line[i];
            assertEquals(0, (down | across) & bit, "cell " + line[i] + " is empty");
            if (mover == Side.DOWN) {
                down |= bit;
            } else {
                across |= bit;
            }
            final boolean last = i == line.length - 1;
            assertEquals(last, b.connects(side.other(), side.other() == Side.DOWN ? down : across));
            assertFalse(b.connects(side, side == Side.DOWN ? down : across));
            mover = mover.other();
        }
        assertEquals(side.other(), mover.other(), "the opponent made the last move");
    }
}
