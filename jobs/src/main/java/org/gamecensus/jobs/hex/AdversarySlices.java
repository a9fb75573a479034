package org.gamecensus.jobs.hex;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.gamecensus.jobs.census.SliceKernel;
import org.gamecensus.kernel.hex.AdversaryVerdict;
import org.gamecensus.kernel.hex.CircuitAdversary;
import org.gamecensus.kernel.hex.CircuitRules;
import org.gamecensus.kernel.hex.HexBoard;
import org.gamecensus.kernel.hex.HexBoard.Side;
import org.gamecensus.kernel.hex.HexExactSolver;
import org.gamecensus.kernel.hex.PotentialAdversary;

/**
 * The adversarial check of one board, a slice per case: each first player, each circuit rule,
 * plain and in the reply variant, the rule playing the side that wins the empty board against
 * every reply ({@link CircuitAdversary}). Rows of {@link org.gamecensus.schemas.hex.HexSchemas#ADVERSARIAL}.
 */
final class AdversarySlices implements SliceKernel {

    private static final long serialVersionUID = 1L;
    static final String[] VARIANTS = {"plain", "reply"};

    private final int rows;
    private final int cols;

    AdversarySlices(HexBoard board) {
        this.rows = board.rows();
        this.cols = board.cols();
    }

    /** Slices: first players × rules × variants. */
    static int sliceCount() {
        return Side.values().length * CircuitRules.Rule.values().length * VARIANTS.length;
    }

    @Override
    public Iterator<Row> decide(Iterator<Long> sliceIds) {
        final HexBoard board = new HexBoard(rows, cols);
        final List<Row> out = new ArrayList<>();
        sliceIds.forEachRemaining(id -> out.add(decide(board, id.intValue())));
        return out.iterator();
    }

    private static Row decide(HexBoard board, int id) {
        final CircuitRules.Rule[] rules = CircuitRules.Rule.values();
        final Side first = Side.values()[id / (rules.length * VARIANTS.length)];
        final CircuitRules.Rule rule = rules[id / VARIANTS.length % rules.length];
        final String variant = VARIANTS[id % VARIANTS.length];
        final AdversaryVerdict r =
                new CircuitAdversary(HexExactSolver.shared(board, first), rule, variant.equals("reply")).run();
        final String line = r.holds() ? null : line(r.losingLine());
        return RowFactory.create(
                first.label(),
                PotentialAdversary.Ties.LOWEST.label(),
                r.side().label(),
                r.movingFirst() ? "first" : "second",
                r.holds(),
                line,
                board.name(),
                rule.label(),
                variant);
    }

    /** A line's cells, space-separated. */
    static String line(int[] cells) {
        final StringBuilder sb = new StringBuilder();
        for (int x : cells) {
            sb.append(sb.length() == 0 ? "" : " ").append(x);
        }
        return sb.toString();
    }
}
