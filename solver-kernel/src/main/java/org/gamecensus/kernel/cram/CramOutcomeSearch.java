package org.gamecensus.kernel.cram;

import java.util.Arrays;

/**
 * Win/loss search of a Cram position (the mover wins iff some domino leaves a position the
 * opponent loses), over the whole position without splitting it, with a table of every position
 * of the root's shape that is forgotten for every root, so that node counts are a property of the
 * position alone.
 *
 * <p>The <em>hybrid</em> mode first asks whether the half-turn (strictly) pairs the position — then
 * the mover loses — and whether some domino leaves a paired position — then the mover wins —
 * before recursing. Counting nodes in both modes measures what the pairing check saves.
 *
 * <p>Complexity: one expansion per position reachable from the root, each over the position's
 * dominoes (a mask of domino indices, narrowed move by move); a position is a set of the shape's squares ({@link CellShape}), the table indexed by it
 * directly (2^16 entries, stamped with the root's epoch instead of cleared). Not thread-safe.
 */
public final class CramOutcomeSearch {

    private static final int POSITIONS = 1 << CellShape.MAX_SQUARES;

    private final boolean hybrid;
    private final boolean[] values = new boolean[POSITIONS];
    private final int[] stamps = new int[POSITIONS];
    private int epoch;
    private long nodes;
    private CellShape shape;

    /** @param hybrid check for a pairing (on the board, or one move away) before recursing */
    public CramOutcomeSearch(boolean hybrid) {
        this.hybrid = hybrid;
    }

    /** Whether the player to move wins the packed region (a connected one); see {@link #moverWins(CellShape)}. */
    public boolean moverWins(long packed) {
        return moverWins(CellShape.of(packed));
    }

    /** Whether the player to move wins the whole shape; resets the node count and the table. */
    public boolean moverWins(CellShape root) {
        epoch++;
        if (epoch == 0) {
            Arrays.fill(stamps, 0);
            epoch = 1;
        }
        nodes = 0;
        shape = root;
        return wins(root.all(), root.allDominoes());
    }

    /** Positions expanded by the last {@link #moverWins}. */
    public long nodes() {
        return nodes;
    }

    /** Whether the mover wins {@code set}, whose dominoes are {@code moves} (domino indices). */
    private boolean wins(int set, int moves) {
        if (stamps[set] == epoch) {
            return values[set];
        }
        nodes++;
        final boolean result = hybrid ? decideHybrid(set, moves) : decide(set, moves);
        stamps[set] = epoch;
        values[set] = result;
        return result;
    }

    private boolean decide(int set, int moves) {
        final CellShape s = shape;
        for (int m = moves; m != 0; m &= m - 1) {
            final int k = Integer.numberOfTrailingZeros(m);
            if (!wins(set & ~s.domino(k), moves & ~s.conflicts(k))) {
                return true;
            }
        }
        return false;
    }

    private boolean decideHybrid(int set, int moves) {
        // Cases: paired now (mover loses); a domino reaches a pairing (mover wins); else recurse.
        final CellShape s = shape;
        if (s.pairedByHalfTurn(set, true)) {
            return false;
        }
        for (int m = moves; m != 0; m &= m - 1) {
            if (s.pairedByHalfTurn(set & ~s.domino(Integer.numberOfTrailingZeros(m)), true)) {
                return true;
            }
        }
        return decide(set, moves);
    }
}
