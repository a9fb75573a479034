package org.gamecensus.kernel.hex;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.gamecensus.kernel.hex.CircuitRules.Rule;
import org.gamecensus.kernel.hex.HexBoard.Side;

/**
 * Does a circuit rule hold a board? The rule plays the side that wins the empty board with
 * perfect play (given the first player), from the empty board; at every opponent turn every
 * reply is tried, in cell order; the rule holds if it wins on every line. The first losing line
 * found (every move, cell by cell, from the empty board) is kept. In the <em>reply</em> variant
 * the rule chooses only among empty cells next to the opponent's last stone (the whole board
 * when there is none); scores are still computed on the whole board.
 *
 * <p>Complexity: one rule evaluation per distinct (position, last opponent move) on the tree of
 * opponent replies, memoised.
 */
public final class CircuitAdversary {

    private final HexBoard board;
    private final Side first;
    private final Rule rule;
    private final boolean reply;
    private final CircuitRules rules;
    private final HexExactSolver solver;
    private final double[] scores = new double[HexBoard.MAX_CELLS];
    private final Map<Long, Boolean> memo = new HashMap<>();
    private final List<Integer> line = new ArrayList<>();
    private int[] losingLine;
    private Side side;

    public CircuitAdversary(HexExactSolver solver, Rule rule, boolean reply) {
        this.board = solver.board();
        this.first = solver.first();
        this.solver = solver;
        this.rule = rule;
        this.reply = reply;
        this.rules = new CircuitRules(board);
    }

    /** Runs the check; the rule plays the side that wins the empty board. */
    public AdversaryVerdict run() {
        side = solver.winnable(0, 0) ? first : first.other();
        memo.clear();
        line.clear();
        losingLine = null;
        final boolean holds = play(0, 0, -1);
        return new AdversaryVerdict(side, side == first, holds, holds ? null : losingLine);
    }

    private boolean play(int down, int across, int lastOpponent) {
        final long key = solver.index(down, across) * 32 + (reply ? lastOpponent + 1 : 0);
        final Boolean known = memo.get(key);
        if (known != null) {
            if (!known && losingLine == null) {
                throw new IllegalStateException("a memoised loss without its line");
            }
            return known;
        }
        final Side mover = solver.mover(down, across);
        final int empty = board.all() & ~(down | across);
        boolean holds;
        if (mover == side) {
            rules.score(rule, mover, down, across, scores);
            int candidates = empty;
            if (reply && lastOpponent >= 0 && (board.neighbours(lastOpponent) & empty) != 0) {
                candidates = board.neighbours(lastOpponent) & empty;
            }
            final int x = CircuitRules.pick(scores, candidates);
            line.add(x);
            final int nd = side == Side.DOWN ? down | (1 << x) : down;
            final int na = side == Side.ACROSS ? across | (1 << x) : across;
            holds = board.connects(side, side == Side.DOWN ? nd : na) || play(nd, na, lastOpponent);
            line.remove(line.size() - 1);
        } else {
            holds = true;
            for (int rest = empty; rest != 0 && holds; rest &= rest - 1) {
                final int y = Integer.numberOfTrailingZeros(rest);
                line.add(y);
                final int nd = mover == Side.DOWN ? down | (1 << y) : down;
                final int na = mover == Side.ACROSS ? across | (1 << y) : across;
                if (board.connects(mover, mover == Side.DOWN ? nd : na)) {
                    holds = false;
                    if (losingLine == null) {
                        losingLine = line.stream().mapToInt(Integer::intValue).toArray();
                    }
                } else {
                    holds = play(nd, na, y);
                }
                line.remove(line.size() - 1);
            }
        }
        memo.put(key, holds);
        return holds;
    }
}
