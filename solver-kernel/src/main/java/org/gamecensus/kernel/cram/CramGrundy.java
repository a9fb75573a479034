package org.gamecensus.kernel.cram;

import org.gamecensus.kernel.table.LongByteCache;

/**
 * Grundy values of Cram positions by the Sprague–Grundy recursion, with two savings that need
 * no theory beyond the recursion itself: a position splits into its connected components and its
 * value is their nim-sum; and a component's value is memoised under its congruence class (the
 * least of its eight images), since congruent positions have the same game tree.
 *
 * <p>Complexity: one mex per distinct component class reached, each over at most the number of
 * dominoes; the table is open-addressed, sized up front, and behaves as a cache when full (a
 * value may be recomputed, never wrong). One instance per partition; not thread-safe.
 */
public final class CramGrundy {

    private final LongByteCache table;
    private long evaluations;

    /** @param log2Capacity log2 of the table size (10..26) */
    public CramGrundy(int log2Capacity) {
        table = new LongByteCache(log2Capacity);
    }

    public CramGrundy() {
        this(21);
    }

    /** Components whose value was computed (table misses) so far. */
    public long evaluations() {
        return evaluations;
    }

    /** Forgets every memoised value and the evaluation count, keeping the table (no allocation). */
    public void clear() {
        table.clear();
        evaluations = 0;
    }

    /** The Grundy value of a packed region (any set of squares, connected or not). */
    public int grundy(long packed) {
        return grundy(Region.width(packed), Region.mask(packed));
    }

    /** The Grundy value of a set of squares in a frame of width w: the nim-sum of its components. */
    public int grundy(int w, long mask) {
        int value = 0;
        long rest = mask;
        while (rest != 0) {
            final long comp = Region.component(w, rest, rest & -rest);
            rest &= ~comp;
            value ^= componentValue(Region.normalize(w, comp));
        }
        return value;
    }

    /**
     * The Grundy value of a set of a {@link CellShape}'s squares: the nim-sum of its components'.
     * A component of up to {@value Region#MAX_SQUARES} squares is valued in a packed frame, through the table;
     * a larger one (only a whole shape of 15 or 16 squares) by the mex over its dominoes.
     */
    public int grundy(CellShape shape, int set) {
        int value = 0;
        int rest = set;
        while (rest != 0) {
            final int comp = shape.component(rest, rest & -rest);
            rest &= ~comp;
            value ^= Integer.bitCount(comp) <= Region.MAX_SQUARES
                    ? componentValue(shape.packed(comp))
                    : mex(shape, comp);
        }
        return value;
    }

    /** The mex of the values a domino of {@code set} leaves (no table: such a set is a whole shape). */
    private int mex(CellShape shape, int set) {
        long seen = 0L;
        for (int k = 0; k < shape.dominoCount(); k++) {
            final int d = shape.domino(k);
            if ((set & d) == d) {
                seen |= 1L << grundy(shape, set & ~d);
            }
        }
        final int mex = Long.numberOfTrailingZeros(~seen);
        assert mex < 63 : "Grundy values of small Cram positions are small";
        return mex;
    }

    private int componentValue(long packed) {
        final int squares = Region.squares(packed);
        if (squares < 2) {
            return 0;
        }
        final long key = Region.congruenceKey(packed);
        final int known = table.get(key);
        if (known != LongByteCache.ABSENT) {
            return known;
        }
        evaluations++;
        final int w = Region.width(packed);
        final long m = Region.mask(packed);
        long seen = 0L;
        for (long d = Region.horizontalDominoes(w, m); d != 0; d &= d - 1) {
            seen |= 1L << grundy(w, m & ~(3L << Long.numberOfTrailingZeros(d)));
        }
        for (long d = Region.verticalDominoes(w, m); d != 0; d &= d - 1) {
            final int i = Long.numberOfTrailingZeros(d);
            seen |= 1L << grundy(w, m & ~(1L << i | 1L << (i + w)));
        }
        final int mex = Long.numberOfTrailingZeros(~seen);
        assert mex < 63 : "Grundy values of small Cram positions are small";
        table.put(key, mex);
        return mex;
    }
}
