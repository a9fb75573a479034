package org.gamecensus.kernel.cram;

import java.util.Arrays;

/**
 * Win/loss search of a Cram position (the mover wins iff some domino leaves a position the
 * opponent loses), over the whole position without splitting it, with a transposition table that
 * is cleared for every root so that node counts are a property of the position alone.
 *
 * <p>The <em>hybrid</em> mode first asks whether the half-turn (strictly) pairs the position — then
 * the mover loses — and whether some domino leaves a paired position — then the mover wins —
 * before recursing. Counting nodes in both modes measures what the pairing check saves.
 *
 * <p>Complexity: at most one expansion per position reachable from the root, each over its
 * dominoes; positions are masks in the root's frame. Not thread-safe.
 */
public final class CramOutcomeSearch {

    private static final int PROBES = 8;

    private final boolean hybrid;
    private final long[] keys;
    private final byte[] values;
    private final int[] stamps;
    private final int tableMask;
    private int epoch;
    private long nodes;
    private int w;

    /**
     * @param hybrid       check for a pairing (on the board, or one move away) before recursing
     * @param log2Capacity log2 of the table size (10..24)
     */
    public CramOutcomeSearch(boolean hybrid, int log2Capacity) {
        if (log2Capacity < 10 || log2Capacity > 24) {
            throw new IllegalArgumentException("log2Capacity must be 10..24, got " + log2Capacity);
        }
        this.hybrid = hybrid;
        keys = new long[1 << log2Capacity];
        values = new byte[1 << log2Capacity];
        stamps = new int[1 << log2Capacity];
        tableMask = (1 << log2Capacity) - 1;
    }

    /** Whether the player to move wins the packed region; resets the node count and the table. */
    public boolean moverWins(long packed) {
        epoch++;
        if (epoch == 0) {
            Arrays.fill(stamps, 0);
            epoch = 1;
        }
        nodes = 0;
        w = Region.width(packed);
        return wins(Region.mask(packed));
    }

    /** Positions expanded by the last {@link #moverWins}. */
    public long nodes() {
        return nodes;
    }

    private boolean wins(long mask) {
        final int h = hash(mask);
        for (int i = 0; i < PROBES; i++) {
            final int slot = (h + i) & tableMask;
            if (stamps[slot] == epoch && keys[slot] == mask) {
                return values[slot] != 0;
            }
        }
        nodes++;
        final boolean result = hybrid ? decideHybrid(mask) : decide(mask);
        int at = h & tableMask;
        for (int i = 0; i < PROBES; i++) {
            final int slot = (h + i) & tableMask;
            if (stamps[slot] != epoch) {
                at = slot;
                break;
            }
        }
        stamps[at] = epoch;
        keys[at] = mask;
        values[at] = (byte) (result ? 1 : 0);
        return result;
    }

    private boolean decide(long mask) {
        for (long d = Region.horizontalDominoes(w, mask); d != 0; d &= d - 1) {
            if (!wins(mask & ~(3L << Long.numberOfTrailingZeros(d)))) {
                return true;
            }
        }
        for (long d = Region.verticalDominoes(w, mask); d != 0; d &= d - 1) {
            final int i = Long.numberOfTrailingZeros(d);
            if (!wins(mask & ~(1L << i | 1L << (i + w)))) {
                return true;
            }
        }
        return false;
    }

    private boolean decideHybrid(long mask) {
        // Cases: paired now (mover loses); a domino reaches a pairing (mover wins); else recurse.
        if (Region.pairs(Region.HALF_TURN, w, mask, true)) {
            return false;
        }
        for (long d = Region.horizontalDominoes(w, mask); d != 0; d &= d - 1) {
            if (Region.pairs(Region.HALF_TURN, w, mask & ~(3L << Long.numberOfTrailingZeros(d)), true)) {
                return true;
            }
        }
        for (long d = Region.verticalDominoes(w, mask); d != 0; d &= d - 1) {
            final int i = Long.numberOfTrailingZeros(d);
            if (Region.pairs(Region.HALF_TURN, w, mask & ~(1L << i | 1L << (i + w)), true)) {
                return true;
            }
        }
        return decide(mask);
    }

    private static int hash(long key) {
        long z = key * 0x9E3779B97F4A7C15L;
        z ^= z >>> 29;
        return (int) z;
    }
}
