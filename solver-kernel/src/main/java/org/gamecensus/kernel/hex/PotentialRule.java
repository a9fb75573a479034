package org.gamecensus.kernel.hex;

import org.gamecensus.kernel.hex.HexBoard.Side;

/**
 * The Erdős–Selfridge potential as a Hex rule: a pure defender. The defender plays the empty cell
 * x maximising the potential Σ 2^−e(S) over the opponent's live winning sets S ∋ x (a set is live
 * while it holds no defender stone; e(S) is its number of empty cells). Sums are exact: each term
 * is scaled by 2^cells, so a potential is a long. The rule does nothing else; it does not look for
 * its own winning cell. The opponent's sets are its minimal winning sets ({@link WinningSets}).
 *
 * <p>Cost: one pass over the opponent's sets a position, a popcount and a walk over its empty
 * cells for each live one. A rule is used by one thread.
 */
public final class PotentialRule {

    private final HexBoard board;
    /** The opponent's minimal winning sets, for each side as defender. */
    private final int[] againstDown;

    private final int[] againstAcross;

    public PotentialRule(HexBoard board) {
        this.board = board;
        // Down defends against Across's sets, and Across against Down's.
        this.againstDown = WinningSets.of(board, Side.ACROSS);
        this.againstAcross = WinningSets.of(board, Side.DOWN);
    }

    public HexBoard board() {
        return board;
    }

    /**
     * Fills {@code potentials[x]}, scaled by 2^cells, for every empty cell x with {@code defender}
     * to defend, and returns the cells of the highest potential (the rule's ties).
     */
    public int score(Side defender, int down, int across, long[] potentials) {
        final int own = defender == Side.DOWN ? down : across;
        final int empty = board.all() & ~(down | across);
        final int cells = board.cells();
        for (int rest = empty; rest != 0; rest &= rest - 1) {
            potentials[Integer.numberOfTrailingZeros(rest)] = 0;
        }
        for (int s : defender == Side.DOWN ? againstDown : againstAcross) {
            if ((s & own) != 0) {
                continue; // dead: it holds a defender stone
            }
            final int open = s & empty;
            final long weight = 1L << (cells - Integer.bitCount(open));
            for (int rest = open; rest != 0; rest &= rest - 1) {
                potentials[Integer.numberOfTrailingZeros(rest)] += weight;
            }
        }
        long best = -1;
        int ties = 0;
        for (int rest = empty; rest != 0; rest &= rest - 1) {
            final int x = Integer.numberOfTrailingZeros(rest);
            if (potentials[x] > best) {
                best = potentials[x];
                ties = 1 << x;
            } else if (potentials[x] == best) {
                ties |= 1 << x;
            }
        }
        assert empty == 0 || ties != 0 : "some empty cell has the highest potential";
        return ties;
    }
}
