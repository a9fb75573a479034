package org.gamecensus.kernel.hex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import org.gamecensus.kernel.hex.HexBoard.Side;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HexResistanceTableTest {

    /** Every position whose first player holds the larger half gets its own rank, and no rank is left over. */
    @ParameterizedTest
    @CsvSource({"1x1, down", "2x2, across", "3x3, down", "3x3, across", "2x5, down", "3x4, across"})
    void ranksNumberThePositionsOneToOne(String spec, String firstLabel) {
        final HexBoard b = HexBoard.parse(spec);
        final Side first = Side.parse(firstLabel);
        final HexResistanceTable table = new HexResistanceTable(b, first);
        final BitSet seen = new BitSet();
        int positions = 0;
        for (int stones = b.all(); ; stones = (stones - 1) & b.all()) {
            final int k = Integer.bitCount(stones);
            for (int firsts = stones; ; firsts = (firsts - 1) & stones) {
                if (Integer.bitCount(firsts) == (k + 1) / 2) {
                    final int down = first == Side.DOWN ? firsts : stones & ~firsts;
                    final int across = stones & ~down;
                    final int rank = table.rank(down, across);
                    assertTrue(rank >= 0 && rank < table.size(), spec + " rank " + rank + " of " + table.size());
                    assertFalse(seen.get(rank), spec + " rank " + rank + " given twice");
                    seen.set(rank);
                    positions++;
                }
                if (firsts == 0) {
                    break;
                }
            }
            if (stones == 0) {
                break;
            }
        }
        assertEquals(table.size(), positions);
    }

    @ParameterizedTest
    @CsvSource({"3x3"})
    void entriesAreUnknownUntilStoredWhole(String spec) {
        final HexResistanceTable table = new HexResistanceTable(HexBoard.parse(spec), Side.DOWN);
        final int rank = table.rank(0b1, 0);
        assertFalse(table.known(rank));
        table.store(rank, 2.5, Double.POSITIVE_INFINITY);
        assertTrue(table.known(rank));
        assertEquals(2.5, table.down(rank));
        assertEquals(Double.POSITIVE_INFINITY, table.across(rank));
        assertFalse(table.known(table.rank(0b10, 0)));
        assertThrows(IllegalArgumentException.class, () -> new HexResistanceTable(HexBoard.parse("4x5"), Side.DOWN));
        final HexExactSolver solver = new HexExactSolver(HexBoard.parse(spec), Side.ACROSS);
        assertThrows(IllegalArgumentException.class, () -> new HexCensusKernel(solver, table));
    }
}
