package org.gamecensus.kernel.cram;

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

    private static final int PROBES = 8;

    private final long[] keys;
    private final byte[] values;
    private final int tableMask;
    private long evaluations;

    /** @param log2Capacity log2 of the table size (10..26) */
    public CramGrundy(int log2Capacity) {
        if (log2Capacity < 10 || log2Capacity > 26) {
            throw new IllegalArgumentException("log2Capacity must be 10..26, got " + log2Capacity);
        }
        keys = new long[1 << log2Capacity];
        values = new byte[1 << log2Capacity];
        tableMask = (1 << log2Capacity) - 1;
    }

    public CramGrundy() {
        this(21);
    }

    /** Components whose value was computed (table misses) so far. */
    public long evaluations() {
        return evaluations;
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

    private int componentValue(long packed) {
        final int squares = Region.squares(packed);
        if (squares < 2) {
            return 0;
        }
        final long key = Region.congruenceKey(packed);
        final int h = hash(key);
        for (int i = 0; i < PROBES; i++) {
            final int slot = (h + i) & tableMask;
            if (values[slot] != 0 && keys[slot] == key) {
                return values[slot] - 1;
            }
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
        // Store: the first free slot, else the home slot (a cache: overwriting is never wrong).
        int at = h & tableMask;
        for (int i = 0; i < PROBES; i++) {
            final int slot = (h + i) & tableMask;
            if (values[slot] == 0) {
                at = slot;
                break;
            }
        }
        keys[at] = key;
        values[at] = (byte) (mex + 1);
        return mex;
    }

    private static int hash(long key) {
        long z = key * 0x9E3779B97F4A7C15L;
        z ^= z >>> 32;
        return (int) z;
    }
}
