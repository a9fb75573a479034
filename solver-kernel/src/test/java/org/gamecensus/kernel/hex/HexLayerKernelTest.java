package org.gamecensus.kernel.hex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.gamecensus.kernel.hex.HexBoard.Side;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The layers' positions are exactly the live positions, each once; settling them in memory gives the table's verdicts. */
class HexLayerKernelTest {

    @ParameterizedTest(name = "{0}x{1}, {2} first")
    @CsvSource({"2,3,down", "3,3,down", "3,3,across", "3,4,across", "4,3,down"})
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
        // The layers, settled from the last back, in memory: the same recurrence the Spark job runs.
        final Map<Long, Integer> settled = new HashMap<>();
        int generated = 0;
        for (int k = board.cells() - 1; k >= 0; k--) {
            final Map<Long, Integer> layer = new HashMap<>();
            for (int s = 0; s < kernel.sliceCount(k); s++) {
                kernel.positions(k, s, key -> {
                    final int[] mask = {0};
                    kernel.children(key, (cell, child, completes) -> {
                        if (completes || settled.get(child) == 0) {
                            mask[0] |= 1 << cell;
                        }
                    });
                    assertEquals(null, layer.put(key, mask[0]), "each position once");
                });
            }
            generated += layer.size();
            settled.putAll(layer);
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
    @CsvSource({"0,3", "1,3", "10,3", "100,4", "183,2"})
    void unrankingFollowsColexOrder(long rank, int k) {
        final HexLayerKernel kernel = new HexLayerKernel(new HexBoard(4, 5), Side.DOWN);
        int mask = (1 << k) - 1;
        for (long r = 0; r < rank; r++) {
            mask = HexLayerKernel.nextSameSize(mask);
        }
        assertEquals(mask, kernel.unrank(rank, k));
    }
}
