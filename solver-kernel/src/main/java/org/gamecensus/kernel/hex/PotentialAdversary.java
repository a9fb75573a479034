package org.gamecensus.kernel.hex;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.gamecensus.kernel.hex.HexBoard.Side;

/**
 * Does the potential rule ({@link PotentialRule}) hold a board? The rule plays the side W that
 * wins the empty board with perfect play (given the first player), from the empty board; at
 * every opponent turn every empty cell is tried; the rule holds if W completes its chain on every
 * line. Where several cells have the highest potential, {@link Ties} says who chooses among
 * them. Under {@link Ties#LOWEST} the first losing line is kept: at each opponent turn the
 * lowest-numbered refutation.
 *
 * <p>Cost: one potential per distinct position on the tree of opponent replies (and of the
 * defender's ties, under the two other policies), memoised.
 */
public final class PotentialAdversary {

    /** Who chooses among the defender's tied cells ({@code spec/hex.md}). */
    public enum Ties {
        /** The lowest-numbered cell; gives a losing line. */
        LOWEST("lowest"),
        /** The defender, position by position: holds if some choice of tied cells wins every line. */
        DEFENDER_BEST("defender-best"),
        /** The opponent: holds only if every choice of tied cells wins every line. */
        OPPONENT_PICK("opponent-pick");

        private final String label;

        Ties(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    private final HexBoard board;
    private final Side first;
    private final Side side;
    private final Ties ties;
    private final PotentialRule rule;
    private final long[][] potentials;
    private final Map<Long, Boolean> memo = new HashMap<>();
    private final List<Integer> line = new ArrayList<>();
    private int[] losingLine;

    /**
     * @param rule       the potential rule of the board
     * @param first      who moves first
     * @param side       the side the rule plays (the one that wins the empty board)
     * @param ties       who chooses among tied cells
     */
    public PotentialAdversary(PotentialRule rule, Side first, Side side, Ties ties) {
        this.board = rule.board();
        this.rule = rule;
        this.first = first;
        this.side = side;
        this.ties = ties;
        this.potentials = new long[board.cells() + 1][HexBoard.MAX_CELLS];
    }

    /** Runs the check. */
    public AdversaryVerdict run() {
        memo.clear();
        line.clear();
        losingLine = null;
        final boolean holds = play(0, 0);
        assert holds || ties != Ties.LOWEST || losingLine != null : "a loss under lowest ties has its line";
        return new AdversaryVerdict(side, side == first, holds, holds ? null : losingLine);
    }

    private boolean play(int down, int across) {
        final long key = (long) down << HexBoard.MAX_CELLS | across;
        final Boolean known = memo.get(key);
        if (known != null) {
            return known;
        }
        final int d = Integer.bitCount(down);
        final int a = Integer.bitCount(across);
        final Side mover = d == a ? first : d < a ? Side.DOWN : Side.ACROSS;
        final int empty = board.all() & ~(down | across);
        final boolean holds;
        // Cases: the defender moves (one tied cell, or all of them, by the policy), or the
        // opponent does (every empty cell; completing its chain refutes the rule).
        if (mover == side) {
            final int tied = rule.score(side, down, across, potentials[d + a]);
            final int tried = ties == Ties.LOWEST ? Integer.lowestOneBit(tied) : tied;
            boolean any = false;
            boolean all = true;
            for (int rest = tried; rest != 0 && (ties == Ties.OPPONENT_PICK ? all : !any); rest &= rest - 1) {
                final int x = Integer.numberOfTrailingZeros(rest);
                line.add(x);
                final int nd = side == Side.DOWN ? down | (1 << x) : down;
                final int na = side == Side.ACROSS ? across | (1 << x) : across;
                final boolean won = board.connects(side, side == Side.DOWN ? nd : na) || play(nd, na);
                line.remove(line.size() - 1);
                any |= won;
                all &= won;
            }
            holds = ties == Ties.OPPONENT_PICK ? all : any;
        } else {
            boolean all = true;
            for (int rest = empty; rest != 0 && all; rest &= rest - 1) {
                final int y = Integer.numberOfTrailingZeros(rest);
                line.add(y);
                final int nd = mover == Side.DOWN ? down | (1 << y) : down;
                final int na = mover == Side.ACROSS ? across | (1 << y) : across;
                if (board.connects(mover, mover == Side.DOWN ? nd : na)) {
                    all = false;
                    if (losingLine == null && ties == Ties.LOWEST) {
                        losingLine = line.stream().mapToInt(Integer::intValue).toArray();
                    }
                } else {
                    all = play(nd, na);
                }
                line.remove(line.size() - 1);
            }
            holds = all;
        }
        memo.put(key, holds);
        return holds;
    }
}
