package org.gamecensus.jobs.hex;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.gamecensus.jobs.census.SliceKernel;
import org.gamecensus.kernel.hex.AdversaryVerdict;
import org.gamecensus.kernel.hex.CircuitRules;
import org.gamecensus.kernel.hex.CommittedAdversary;
import org.gamecensus.kernel.hex.HexBoard;
import org.gamecensus.kernel.hex.HexBoard.Side;
import org.gamecensus.kernel.hex.HexExactSolver;
import org.gamecensus.kernel.hex.PotentialAdversary;

/**
 * The committed circuit rules against every reply ({@link CommittedAdversary}), a case a slice:
 * slice id = board (rows · 64 + columns) · 8 + first player · 4 + rule · 2 + fallback. The rule
 * plays the side that wins the empty board ({@link HexExactSolver}). Rows of
 * {@link org.gamecensus.schemas.hex.HexSchemas#ADVERSARIAL}, variants {@code committed} and
 * {@code committed-circuit}.
 */
final class CommittedSlices implements SliceKernel {

    private static final long serialVersionUID = 1L;

    /** The slices of an r × c board: both first players, both rules, both fallbacks. */
    static List<Long> sliceIds(HexBoard board) {
        final List<Long> ids = new ArrayList<>();
        for (int k = 0; k < 8; k++) {
            ids.add((board.rows() * 64L + board.cols()) * 8 + k);
        }
        return ids;
    }

    @Override
    public Iterator<Row> decide(Iterator<Long> sliceIds) {
        final List<Row> out = new ArrayList<>();
        // Who wins each empty board, once a task: a solver of a board over 16 cells takes 512 MB.
        final Map<Long, Side> winners = new HashMap<>();
        sliceIds.forEachRemaining(id -> out.add(decide(id, winners)));
        return out.iterator();
    }

    /** The side that wins the empty board with {@code first} moving first. */
    static Side winner(HexBoard board, Side first) {
        return LargeSolvers.with(board, first, solver -> solver.winnable(0, 0) ? first : first.other());
    }

    private static Row decide(long id, Map<Long, Side> winners) {
        final long b = id / 8;
        final int k = (int) (id % 8);
        final HexBoard board = new HexBoard((int) (b / 64), (int) (b % 64));
        final Side first = Side.values()[k / 4];
        final CircuitRules.Rule rule = CircuitRules.Rule.values()[k / 2 % 2];
        final CommittedAdversary.Fallback fallback = CommittedAdversary.Fallback.values()[k % 2];
        final Side side = winners.computeIfAbsent(b * 2 + first.ordinal(), key -> winner(board, first));
        final AdversaryVerdict r = new CommittedAdversary(board, first, side, rule, fallback).run();
        return RowFactory.create(
                first.label(),
                PotentialAdversary.Ties.LOWEST.label(),
                side.label(),
                r.movingFirst() ? "first" : "second",
                r.holds(),
                r.holds() ? null : AdversarySlices.line(r.losingLine()),
                board.name(),
                rule.label(),
                fallback.label());
    }
}
