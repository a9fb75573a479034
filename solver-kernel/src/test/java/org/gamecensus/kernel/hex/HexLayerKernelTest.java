package org.gamecensus.kernel.hex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
                if (table.mover(down, across) != null && !board.connects(Side.DOWN, down)
                        && !board.connects(Side.ACROSS, across)) {
                    live.add(HexLayerKernel.key(down, across));
                }
                if (across == 0) {
                    break;
                }
            }
        }
        // The layers, settled from the last back, in memory: the same recurrence the Spark job runs,
        // each group given the lost positions of the next layer whose mover has the group's stones.
        final Map<Long, Integer> settled = new HashMap<>();
        Map<Long, Integer> next = Map.of();
        int generated = 0;
        for (int k = board.cells() - 1; k >= 0; k--) {
            final Map<Long, Integer> layer = new HashMap<>();
            final int b = HexLayerKernel.waitingStones(k);
            final Side waitingSide = kernel.moverAt(k).other();
            final int stones = k;
            int w = HexLayerKernel.unrank(0, b);
            for (long g = 0; g < kernel.groupCount(k); g++, w = g < kernel.groupCount(k) ? HexLayerKernel.nextSameSize(w) : w) {
                assertEquals(g, HexLayerKernel.rank(w), "groups in colex order");
                kernel.beginGroup();
                for (Map.Entry<Long, Integer> e : next.entrySet()) {
                    final int d = HexLayerKernel.down(e.getKey());
                    final int a = HexLayerKernel.across(e.getKey());
                    if (e.getValue() == 0 && (waitingSide == Side.DOWN ? d : a) == w) {
                        kernel.addLost(waitingSide == Side.DOWN ? a : d);
                    }
                }
                final int group = w;
                kernel.settleGroup(k, w, (down, across, wins) -> {
                    assertEquals(stones, Integer.bitCount(down) + Integer.bitCount(across));
                    assertEquals(group, waitingSide == Side.DOWN ? down : across, "the group's stones");
                    assertEquals(null, layer.put(HexLayerKernel.key(down, across), wins), "each position once");
                });
            }
            generated += layer.size();
            settled.putAll(layer);
            next = layer;
        }
        assertEquals(live.size(), generated, "as many positions as live ones");
        assertEquals(live, settled.keySet(), "exactly the live positions");
        for (Map.Entry<Long, Integer> e : settled.entrySet()) {
            final int down = HexLayerKernel.down(e.getKey());
            final int across = HexLayerKernel.across(e.getKey());
            assertEquals(table.winningCells(down, across), (int) e.getValue(), board.draw(down, across));
        }
        assertTrue(settled.containsKey(0L), "the empty board is the last layer settled");
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
    void partsCoverTheGroupsInConsecutiveRuns() {
        for (long groups : new long[] {1, 7, 100, 184_756}) {
            for (int parts : new int[] {1, 3, 8, 64}) {
                for (int p = 0; p < parts; p++) {
                    final long from = HexLayerKernel.firstRankOf(p, groups, parts);
                    final long to = HexLayerKernel.firstRankOf(p + 1, groups, parts);
                    for (long r = from; r < to; r++) {
                        assertEquals(p, HexLayerKernel.partOf(r, groups, parts), groups + " groups, " + parts + " parts");
                    }
                }
                assertEquals(groups, HexLayerKernel.firstRankOf(parts, groups, parts));
            }
        }
    }

    @Test
    void lostSetHoldsWhatWasAddedUntilCleared() {
        final HexLayerKernel.LostSet set = new HexLayerKernel.LostSet(1000);
        final Random random = new Random(5);
        final Set<Integer> expected = new HashSet<>();
        for (int round = 0; round < 3; round++) {
            set.clear();
            expected.clear();
            for (int i = 0; i < 1000; i++) {
                final int key = 1 + random.nextInt(1 << 20);
                set.add(key);
                expected.add(key);
            }
            for (int key : expected) {
                assertTrue(set.contains(key));
            }
            int strays = 0;
            for (int i = 0; i < 10_000; i++) {
                final int key = 1 + random.nextInt(1 << 20);
                if (set.contains(key) != expected.contains(key)) {
                    strays++;
                }
            }
            assertEquals(0, strays);
        }
        set.clear();
        for (int key : expected) {
            assertFalse(set.contains(key), "cleared");
        }
        assertThrows(IllegalArgumentException.class, () -> HexLayerKernel.unrank(10, 1 << 6));
    }
}
