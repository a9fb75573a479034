package org.gamecensus.kernel.hex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.gamecensus.kernel.hex.HexBoard.Side;
import org.junit.jupiter.api.Test;

class HexCensusTablesTest {

    /** Entries of {@code table} whose resistances are known. */
    private static int known(HexResistanceTable table) {
        int n = 0;
        for (int rank = 0; rank < table.size(); rank++) {
            n += table.known(rank) ? 1 : 0;
        }
        return n;
    }

    /**
     * The tasks of one census share what it solved; the next census, on the same board in the
     * same JVM, starts from empty tables, as it would in a new JVM.
     */
    @Test
    void aCensusSharesItsTablesAndTheNextStartsEmpty() {
        final HexBoard b = HexBoard.parse("3x3");
        HexCensusTables.kernel(b, Side.DOWN, "census-a").decideSlice(0, v -> {});
        final HexExactSolver solver = HexCensusTables.solver();
        final HexResistanceTable filled = HexCensusTables.resistances();
        final int solved = known(filled);
        assertTrue(solved > 0, "slice 0 of 3x3 stores the resistances of its winnable positions");

        HexCensusTables.kernel(b, Side.DOWN, "census-a").decideSlice(1, v -> {});
        assertSame(solver, HexCensusTables.solver(), "a second task of the census shares its solver");
        assertSame(filled, HexCensusTables.resistances(), "and its resistances");
        assertTrue(known(filled) > solved, "slice 1 adds to them");

        HexCensusTables.kernel(b, Side.DOWN, "census-b");
        assertNotSame(solver, HexCensusTables.solver(), "the next census has a solver of its own");
        assertNotSame(filled, HexCensusTables.resistances());
        assertEquals(0, known(HexCensusTables.resistances()), "and starts with nothing solved");
    }

    @Test
    void aCensusIdNamesOneBoardAndFirstPlayer() {
        final HexBoard b = HexBoard.parse("2x3");
        HexCensusTables.kernel(b, Side.ACROSS, "census-c");
        assertThrows(IllegalArgumentException.class, () -> HexCensusTables.kernel(b, Side.DOWN, "census-c"));
        assertThrows(
                IllegalArgumentException.class,
                () -> HexCensusTables.kernel(HexBoard.parse("3x2"), Side.ACROSS, "census-c"));
        assertThrows(IllegalArgumentException.class, () -> HexCensusTables.kernel(b, Side.ACROSS, ""));
    }
}
