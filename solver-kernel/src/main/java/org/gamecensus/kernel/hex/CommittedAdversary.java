package org.gamecensus.kernel.hex;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.gamecensus.kernel.hex.CircuitRules.Rule;
import org.gamecensus.kernel.hex.HexBoard.Side;

/**
 * Does a committed circuit rule hold a board? The essay's open question ({@code spec/hex.md},
 * "Committed circuit rules"): the circuit is consulted once, at the start, and then never again.
 * From P0 — the empty board when the rule's side W moves second; after W's first move (the
 * running rule's choice) when it moves first — the rule builds a reply table (for each cell x
 * empty in P0, the running rule's choice for W in P0 with an opponent stone on x) and a fixed
 * order (the empty cells of P0 by the rule's score for W in P0, best first, ties to the lowest
 * cell). After the opponent plays x, W plays table[x] if that cell is empty, otherwise:
 * {@link Fallback#ORDER}, the first empty cell of the fixed order (fully committed); or
 * {@link Fallback#CIRCUIT}, the running rule's choice in the position (committed + circuit).
 * Every opponent reply is tried at every turn, in cell order; the first losing line is kept.
 *
 * <p>Cost: the table and the order, one rule evaluation per cell of P0; then, memoised on the
 * positions where the opponent moves, one table lookup per defender move, or one rule
 * evaluation where the circuit is the fallback.
 */
public final class CommittedAdversary {

    /** What W plays when its table's reply is taken. */
    public enum Fallback {
        /** The first empty cell of the fixed order: the circuit never consulted again. */
        ORDER("committed"),
        /** The running rule's choice in the position. */
        CIRCUIT("committed-circuit");

        private final String label;

        Fallback(String label) {
            this.label = label;
        }

        /** The variant's name in {@code hex_adversarial}. */
        public String label() {
            return label;
        }
    }

    private final HexBoard board;
    private final Side first;
    private final Side side;
    private final Rule rule;
    private final Fallback fallback;
    private final CircuitRules rules;
    private final double[] scores = new double[HexBoard.MAX_CELLS];
    private final int[] table = new int[HexBoard.MAX_CELLS];
    private final int[] order = new int[HexBoard.MAX_CELLS];
    private final Map<Long, Boolean> memo = new HashMap<>();
    private final List<Integer> line = new ArrayList<>();
    private int orderLength;
    private int[] losingLine;

    /**
     * @param board    the board
     * @param first    who moves first
     * @param side     the side the rule plays (the one that wins the empty board)
     * @param rule     the circuit rule
     * @param fallback what W plays when its table's reply is taken
     */
    public CommittedAdversary(HexBoard board, Side first, Side side, Rule rule, Fallback fallback) {
        this.board = board;
        this.first = first;
        this.side = side;
        this.rule = rule;
        this.fallback = fallback;
        this.rules = new CircuitRules(board);
    }

    /** Runs the check. */
    public AdversaryVerdict run() {
        memo.clear();
        line.clear();
        losingLine = null;
        // P0: W's first move, the running rule's, when W moves first.
        int down = 0;
        int across = 0;
        if (side == first) {
            final int x0 = running(0, 0);
            line.add(x0);
            down = side == Side.DOWN ? 1 << x0 : 0;
            across = side == Side.ACROSS ? 1 << x0 : 0;
        }
        final int empty = board.all() & ~(down | across);
        // The reply table: the running rule's choice after each opponent cell.
        for (int rest = empty; rest != 0; rest &= rest - 1) {
            final int x = Integer.numberOfTrailingZeros(rest);
            table[x] = side == Side.DOWN ? running(down, across | (1 << x)) : running(down | (1 << x), across);
        }
        // The fixed order: the rule's choice, again and again, among the cells not yet ranked.
        rules.score(rule, side, down, across, scores);
        orderLength = 0;
        for (int left = empty; left != 0; ) {
            final int x = CircuitRules.pick(scores, left);
            order[orderLength++] = x;
            left &= ~(1 << x);
        }
        assert orderLength == Integer.bitCount(empty) : "every empty cell of P0 is ranked";
        final boolean holds = opponentMoves(down, across);
        return new AdversaryVerdict(side, side == first, holds, holds ? null : losingLine);
    }

    /** The running rule's choice for W in a position. */
    private int running(int down, int across) {
        rules.score(rule, side, down, across, scores);
        return CircuitRules.pick(scores, board.all() & ~(down | across));
    }

    /** Whether W wins from a position where the opponent moves, against every reply. */
    private boolean opponentMoves(int down, int across) {
        final long key = (long) down << HexBoard.MAX_CELLS | across;
        final Boolean known = memo.get(key);
        if (known != null) {
            return known;
        }
        final Side opponent = side.other();
        final int empty = board.all() & ~(down | across);
        boolean holds = true;
        for (int rest = empty; rest != 0 && holds; rest &= rest - 1) {
            final int x = Integer.numberOfTrailingZeros(rest);
            line.add(x);
            final int od = opponent == Side.DOWN ? down | (1 << x) : down;
            final int oa = opponent == Side.ACROSS ? across | (1 << x) : across;
            if (board.connects(opponent, opponent == Side.DOWN ? od : oa)) {
                holds = false;
                if (losingLine == null) {
                    losingLine = line.stream().mapToInt(Integer::intValue).toArray();
                }
            } else {
                holds = defenderMoves(od, oa, x);
            }
            line.remove(line.size() - 1);
        }
        memo.put(key, holds);
        return holds;
    }

    /** W's move after the opponent played {@code x}: its table's reply, else the fallback. */
    private boolean defenderMoves(int down, int across, int x) {
        final int empty = board.all() & ~(down | across);
        // Cases: the table's reply is empty; it is taken and the fixed order gives the first empty
        // cell; it is taken and the running rule chooses.
        int y = table[x];
        if ((empty & (1 << y)) == 0) {
            if (fallback == Fallback.ORDER) {
                int i = 0;
                while ((empty & (1 << order[i])) == 0) {
                    i++;
                }
                y = order[i];
            } else {
                y = running(down, across);
            }
        }
        assert (empty & (1 << y)) != 0 : "W plays an empty cell";
        line.add(y);
        final int nd = side == Side.DOWN ? down | (1 << y) : down;
        final int na = side == Side.ACROSS ? across | (1 << y) : across;
        final boolean holds = board.connects(side, side == Side.DOWN ? nd : na) || opponentMoves(nd, na);
        line.remove(line.size() - 1);
        return holds;
    }
}
