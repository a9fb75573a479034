package org.gamecensus.jobs.hex;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.gamecensus.jobs.census.SliceKernel;
import org.gamecensus.kernel.hex.AdversaryVerdict;
import org.gamecensus.kernel.hex.HexBoard;
import org.gamecensus.kernel.hex.HexBoard.Side;
import org.gamecensus.kernel.hex.PotentialAdversary;
import org.gamecensus.kernel.hex.PotentialRule;

/**
 * The Erdős–Selfridge potential as a defender ({@link PotentialAdversary}), a board a slice
 * (slice id rows · 64 + columns): for each first player the side that wins the empty board
 * ({@link CommittedSlices#winner}), then the rule for that side under each tie policy. Rows of
 * {@link org.gamecensus.schemas.hex.HexSchemas#ADVERSARIAL}, rule {@code potential}.
 */
final class PotentialSlices implements SliceKernel {

    private static final long serialVersionUID = 1L;

    /** The slice of an r × c board. */
    static long sliceId(HexBoard board) {
        return board.rows() * 64L + board.cols();
    }

    @Override
    public Iterator<Row> decide(Iterator<Long> sliceIds) {
        final List<Row> out = new ArrayList<>();
        sliceIds.forEachRemaining(id -> decide(new HexBoard((int) (id / 64), (int) (id % 64)), out));
        return out.iterator();
    }

    private static void decide(HexBoard board, List<Row> out) {
        final PotentialRule rule = new PotentialRule(board);
        for (Side first : Side.values()) {
            final Side side = CommittedSlices.winner(board, first);
            for (PotentialAdversary.Ties ties : PotentialAdversary.Ties.values()) {
                final AdversaryVerdict r = new PotentialAdversary(rule, first, side, ties).run();
                out.add(RowFactory.create(
                        first.label(),
                        ties.label(),
                        side.label(),
                        r.movingFirst() ? "first" : "second",
                        r.holds(),
                        r.losingLine() == null ? null : AdversarySlices.line(r.losingLine()),
                        board.name(),
                        "potential",
                        "plain"));
            }
        }
    }
}
