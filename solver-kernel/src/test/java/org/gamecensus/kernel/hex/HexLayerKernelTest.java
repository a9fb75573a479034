package org.gamecensus.kernel.hex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.gamecensus.kernel.hex.HexBoard.Side;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The layers' positions are exactly the live positions, each once; settling them in memory gives the table's verdicts. */
class HexLayerKernelTest {

    @ParameterizedTest(name = "{0}x{1}, {2} first")
    @CsvSource({"1,3,down", "2,3,down", "3,3,down", "3,3,across", "3,4,across", "4,3,down", "2,2,across"})
    void layersHoldEveryLivePositionOnceAndSettleAsTheTable(int rows, int cols, String first) {
        final HexBoard board = new HexBoard(rows, cols);
        final Side f = Side.parse(first);
        final HexLayerKernel kernel = new HexLayerKernel(board, f);
        final HexExactSolver table = new HexExactSolver(board, f);
        // Every live position, by brute force over all 3^cells colourings.
        final Set<Long> live = new HashSet<>();
        for (int down = 0; down <= board.all(); down++) {
            for (int across = board.all() & ~down; ; across = (across - 1) & board.all() & ~down) {
                if (table.mover(down, across) != null
                        && !board.connects(Side.DOWN, down)
                        && !board.connects(Side.ACROSS, across)) {
                    live.add(HexLayerKernel.key(down, across));
                }
                if (across == 0) {
                    break;
                }
            }
        }
        // The layers, settled from the last back, in memory: the same recurrence the Spark job runs,
        // each group given the positions of the next layer whose mover has the group's stones.
        final Map<Long, HexPositionVerdict> settled = new HashMap<>();
        Map<Long, HexPositionVerdict> next = Map.of();
        int generated = 0;
        for (int k = board.cells() - 1; k >= 0; k--) {
            final Map<Long, HexPositionVerdict> layer = new HashMap<>();
            final int b = HexLayerKernel.waitingStones(k);
            final Side waitingSide = kernel.moverAt(k).other();
            final int stones = k;
            int w = HexLayerKernel.unrank(0, b);
            for (long g = 0;
                    g < kernel.groupCount(k);
                    g++, w = g < kernel.groupCount(k) ? HexLayerKernel.nextSameSize(w) : w) {
                assertEquals(g, HexLayerKernel.rank(w), "groups in colex order");
                if (!kernel.settles(w)) {
                    continue; // settled with its half-turn
                }
                kernel.beginGroup();
                for (HexPositionVerdict child : next.values()) {
                    if ((waitingSide == Side.DOWN ? child.down() : child.across()) == w) {
                        kernel.addChild(
                                waitingSide == Side.DOWN ? child.across() : child.down(),
                                !child.winnable(),
                                child.downResistance(),
                                child.acrossResistance());
                    }
                }
                final int group = w;
                kernel.settleGroup(k, w, v -> {
                    assertEquals(stones, Integer.bitCount(v.down()) + Integer.bitCount(v.across()));
                    final int stonesOfGroup = waitingSide == Side.DOWN ? v.down() : v.across();
                    assertTrue(
                            stonesOfGroup == group || stonesOfGroup == board.turn(group),
                            "the group's stones or their half-turn");
                    assertEquals(
                            null, layer.put(HexLayerKernel.key(v.down(), v.across()), copy(v)), "each position once");
                });
            }
            generated += layer.size();
            settled.putAll(layer);
            next = layer;
        }
        assertEquals(live.size(), generated, "as many positions as live ones");
        assertEquals(live, settled.keySet(), "exactly the live positions");
        // Against the table solve, whose ratio rule solves every child's circuits itself.
        final HexCensusKernel census = new HexCensusKernel(table);
        final HexCircuit circuit = new HexCircuit(board);
        int graded = 0;
        for (Map.Entry<Long, HexPositionVerdict> e : settled.entrySet()) {
            final HexPositionVerdict v = e.getValue();
            final HexPositionVerdict t = census.decide(v.down(), v.across());
            final String where = board.draw(v.down(), v.across());
            assertEquals(t.winningMask(), v.winningMask(), where);
            assertEquals(t.toMove(), v.toMove(), where);
            assertEquals(t.ratioPick(), v.ratioPick(), where);
            assertEquals(t.currentPick(), v.currentPick(), where);
            assertEquals(t.ratioRank(), v.ratioRank(), where);
            assertEquals(t.currentRank(), v.currentRank(), where);
            assertEquals(t.potentialPick(), v.potentialPick(), where);
            assertEquals(t.potentialRank(), v.potentialRank(), where);
            assertEquals(circuit.resistance(Side.DOWN, v.down(), v.across()), v.downResistance(), where);
            assertEquals(circuit.resistance(Side.ACROSS, v.across(), v.down()), v.acrossResistance(), where);
            graded += v.winnable() ? 1 : 0;
        }
        assertTrue(graded > 0, "winnable positions were graded");
        assertTrue(settled.containsKey(0L), "the empty board is the last layer settled");
    }

    @Test
    void aMissingChildIsReportedNotTakenAsWon() {
        final HexBoard board = new HexBoard(3, 3);
        final HexLayerKernel kernel = new HexLayerKernel(board, Side.DOWN);
        kernel.beginGroup();
        // Layer 7: Across to move with 3 stones, Down waiting with 4; no child given.
        final int down = 0b000_101_101;
        assertThrows(IllegalStateException.class, () -> kernel.settleGroup(7, down, v -> {}));
    }

    @Test
    void aGroupIsSettledOnlyWithItsHalfTurn() {
        final HexBoard board = new HexBoard(3, 4);
        final HexLayerKernel kernel = new HexLayerKernel(board, Side.DOWN);
        // Layer 1: Across to move with no stone, Down waiting with one; cell 11 turns to cell 0.
        assertTrue(kernel.settles(1));
        assertTrue(!kernel.settles(1 << 11));
        kernel.beginGroup();
        assertThrows(IllegalArgumentException.class, () -> kernel.settleGroup(1, 1 << 11, v -> {}));
        // A group its own half-turn (cells 5 and 6 of 12) is settled on its own.
        assertTrue(kernel.settles((1 << 5) | (1 << 6)));
    }

    private static HexPositionVerdict copy(HexPositionVerdict v) {
        final HexPositionVerdict c = new HexPositionVerdict();
        c.down = v.down;
        c.across = v.across;
        c.toMove = v.toMove;
        c.winnable = v.winnable;
        c.winningMask = v.winningMask;
        c.ratioPick = v.ratioPick;
        c.currentPick = v.currentPick;
        c.ratioRank = v.ratioRank;
        c.currentRank = v.currentRank;
        c.potentialPick = v.potentialPick;
        c.potentialRank = v.potentialRank;
        c.downResistance = v.downResistance;
        c.acrossResistance = v.acrossResistance;
        return c;
    }

    @ParameterizedTest(name = "rank {0} of {1}-sets")
    @CsvSource({"0,3", "1,3", "10,3", "100,4", "183,2", "0,0", "5000,7"})
    void unrankingFollowsColexOrder(long rank, int k) {
        int mask = (1 << k) - 1;
        for (long r = 0; r < rank; r++) {
            mask = HexLayerKernel.nextSameSize(mask);
        }
        assertEquals(mask, HexLayerKernel.unrank(rank, k));
        assertEquals(rank, HexLayerKernel.rank(mask));
    }

    @Test
    void childrenTableHoldsWhatWasAddedUntilCleared() {
        final HexLayerKernel.Children table = new HexLayerKernel.Children(1000);
        final Random random = new Random(5);
        final Map<Integer, Double> expected = new HashMap<>();
        for (int round = 0; round < 3; round++) {
            table.clear();
            expected.clear();
            while (expected.size() < 1000) {
                final int key = 1 + random.nextInt(1 << 20);
                if (expected.put(key, (double) key / 7) == null) {
                    table.add(key, key % 3 == 0, (double) key / 7, -key);
                }
            }
            for (Map.Entry<Integer, Double> e : expected.entrySet()) {
                final int slot = table.find(e.getKey());
                assertTrue(slot >= 0);
                assertEquals(e.getValue(), table.downResistance(slot));
                assertEquals(-e.getKey(), table.acrossResistance(slot));
                assertEquals(e.getKey() % 3 == 0, table.lost(slot));
            }
            int strays = 0;
            for (int i = 0; i < 10_000; i++) {
                final int key = 1 + random.nextInt(1 << 20);
                if ((table.find(key) >= 0) != expected.containsKey(key)) {
                    strays++;
                }
            }
            assertEquals(0, strays);
            final int some = expected.keySet().iterator().next();
            assertThrows(IllegalStateException.class, () -> table.add(some, false, 1, 1), "a child twice");
        }
        table.clear();
        for (int key : expected.keySet()) {
            assertEquals(-1, table.find(key), "cleared");
        }
        assertThrows(IllegalArgumentException.class, () -> HexLayerKernel.unrank(10, 1 << 6));
    }
}
