package org.gamecensus.jobs.hex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.List;
import org.gamecensus.kernel.hex.HexBoard;
import org.gamecensus.kernel.hex.HexBoard.Side;
import org.gamecensus.kernel.hex.HexCensusTables;
import org.junit.jupiter.api.Test;

class HexSlicesTest {

    /** {@code slices} as an executor gets it: serialised by Java serialisation and read back. */
    private static HexSlices shipped(HexSlices slices) throws IOException, ClassNotFoundException {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(slices);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return (HexSlices) in.readObject();
        }
    }

    /**
     * The copies of one census that its tasks get share its tables; another census of the same
     * board, made after it, has tables of its own.
     */
    @Test
    void aCensusKeepsItsIdOnTheExecutorsAndTheNextDrawsAnother() throws Exception {
        final HexBoard b = new HexBoard(2, 3);
        final HexSlices census = new HexSlices(b, Side.DOWN);
        shipped(census).decide(List.of(0L).iterator());
        final String id = HexCensusTables.census();
        assertNotNull(id, "a task asked for its census's tables");
        census.decide(List.of(1L).iterator());
        assertEquals(id, HexCensusTables.census(), "the driver's copy and a shipped one are one census");
        shipped(census).decide(List.of(2L).iterator());
        assertEquals(id, HexCensusTables.census(), "and so is a second shipped copy");
        new HexSlices(b, Side.DOWN).decide(List.of(0L).iterator());
        assertNotEquals(id, HexCensusTables.census(), "another census of the board has tables of its own");
    }
}
