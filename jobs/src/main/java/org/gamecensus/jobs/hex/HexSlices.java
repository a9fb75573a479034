package org.gamecensus.jobs.hex;

import java.util.Iterator;
import java.util.UUID;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.gamecensus.jobs.census.SliceKernel;
import org.gamecensus.jobs.census.SliceRows;
import org.gamecensus.kernel.hex.HexBoard;
import org.gamecensus.kernel.hex.HexCensusKernel;
import org.gamecensus.kernel.hex.HexCensusTables;
import org.gamecensus.kernel.hex.HexPositionVerdict;

/**
 * The Hex census cut by the stones of the first cells: slice k goes through the positions whose
 * first four cells hold the base-3 digits of k and emits those no larger than their half-turn,
 * each with its half-turn ({@link HexCensusKernel}), so every live position comes from one slice
 * and the rows of a set of slices depend on nothing else. Each executor JVM builds the
 * settled-position table and the circuit resistances once per census and shares them among that
 * census's tasks ({@link HexCensusTables}, by an id drawn when the census is made); each partition
 * has its own rules.
 */
public final class HexSlices implements SliceKernel {

    private static final long serialVersionUID = 1L;

    private final int rows;
    private final int cols;
    private final String first;
    /** This census's id, which its tasks share their tables by. */
    private final String census = UUID.randomUUID().toString();

    public HexSlices(HexBoard board, HexBoard.Side first) {
        this.rows = board.rows();
        this.cols = board.cols();
        this.first = first.label();
    }

    /** Slices: 3 to the number of prefix cells, as {@link HexCensusKernel} cuts them. */
    public int sliceCount() {
        return HexCensusKernel.sliceCount(new HexBoard(rows, cols));
    }

    @Override
    public Iterator<Row> decide(Iterator<Long> sliceIds) {
        final HexBoard board = new HexBoard(rows, cols);
        final HexBoard.Side side = HexBoard.Side.parse(first);
        final HexCensusKernel kernel = HexCensusTables.kernel(board, side, census);
        return SliceRows.of(
                sliceIds, (id, out) -> kernel.decideSlice((int) id, v -> out.accept(toRow(v, board, first))));
    }

    static Row toRow(HexPositionVerdict v, HexBoard board, String first) {
        final boolean w = v.winnable();
        return RowFactory.create(
                v.down(),
                v.across(),
                v.stones(),
                v.toMove().label(),
                w,
                v.winningMask(),
                Integer.bitCount(v.winningMask()),
                board.cells() - v.stones(),
                w ? v.ratioPick() : null,
                w ? v.ratioWins() : null,
                w ? v.currentPick() : null,
                w ? v.currentWins() : null,
                w && !v.ratioWins() ? v.ratioRank() : null,
                w && !v.currentWins() ? v.currentRank() : null,
                w ? v.potentialPick() : null,
                w ? v.potentialWins() : null,
                w && !v.potentialWins() ? v.potentialRank() : null,
                board.name(),
                first);
    }
}
