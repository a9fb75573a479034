package org.gamecensus.kernel.cram;

/**
 * The test oracle for {@link Region}'s geometry: the same maps computed one square at a time from
 * each square's row and column (the kernel's own first version, kept as the definition the
 * bit-parallel code must match). Shares no code with {@link Region} but its packing and the
 * symmetries' numbers.
 */
final class SquareBySquareRegion {

    private SquareBySquareRegion() {}

    /**
     * The image {row, column} of square (r, c) under symmetry {@code sym} about the box of rows
     * top..bottom and columns left..right; the four that turn the box map it onto the box of the
     * same corner with height and width swapped.
     */
    private static int[] image(int sym, int r, int c, int top, int bottom, int left, int right) {
        switch (sym) {
            case Region.IDENTITY:
                return new int[] {r, c};
            case Region.QUARTER_TURN:
                return new int[] {top + c - left, left + bottom - r};
            case Region.HALF_TURN:
                return new int[] {top + bottom - r, left + right - c};
            case Region.THREE_QUARTER_TURN:
                return new int[] {top + right - c, left + r - top};
            case Region.FLIP_ROWS:
                return new int[] {top + bottom - r, c};
            case Region.FLIP_COLUMNS:
                return new int[] {r, left + right - c};
            case Region.TRANSPOSE:
                return new int[] {top + c - left, left + r - top};
            default:
                return new int[] {top + right - c, left + bottom - r}; // anti-transpose
        }
    }

    /** Translates a set of a frame of width w to its bounding box's corner. */
    static long normalize(int w, long mask) {
        int rmin = Integer.MAX_VALUE;
        int cmin = Integer.MAX_VALUE;
        int cmax = -1;
        for (long rest = mask; rest != 0; rest &= rest - 1) {
            final int i = Long.numberOfTrailingZeros(rest);
            rmin = Math.min(rmin, i / w);
            cmin = Math.min(cmin, i % w);
            cmax = Math.max(cmax, i % w);
        }
        final int nw = cmax - cmin + 1;
        long out = 0L;
        for (long rest = mask; rest != 0; rest &= rest - 1) {
            final int i = Long.numberOfTrailingZeros(rest);
            out |= 1L << ((i / w - rmin) * nw + (i % w - cmin));
        }
        return (long) nw << 56 | out;
    }

    /** The image of a packed region under symmetry {@code sym}, about its bounding box. */
    static long transform(int sym, long packed) {
        final int w = (int) (packed >>> 56);
        final long m = packed & ((1L << 56) - 1);
        final int h = (63 - Long.numberOfLeadingZeros(m)) / w + 1;
        final boolean turnsBox = sym == Region.QUARTER_TURN
                || sym == Region.THREE_QUARTER_TURN
                || sym == Region.TRANSPOSE
                || sym == Region.ANTI_TRANSPOSE;
        final int nw = turnsBox ? h : w;
        long out = 0L;
        for (long rest = m; rest != 0; rest &= rest - 1) {
            final int i = Long.numberOfTrailingZeros(rest);
            final int[] to = image(sym, i / w, i % w, 0, h - 1, 0, w - 1);
            out |= 1L << (to[0] * nw + to[1]);
        }
        return (long) nw << 56 | out;
    }

    /**
     * Whether involution {@code sym}, about the set's own bounding box, maps the set to itself
     * fixing no square and, when {@code strict}, no domino of the set. The empty set is paired.
     */
    static boolean pairs(int sym, int w, long mask, boolean strict) {
        if (mask == 0) {
            return true;
        }
        int rmin = Integer.MAX_VALUE;
        int rmax = -1;
        int cmin = Integer.MAX_VALUE;
        int cmax = -1;
        for (long rest = mask; rest != 0; rest &= rest - 1) {
            final int i = Long.numberOfTrailingZeros(rest);
            rmin = Math.min(rmin, i / w);
            rmax = Math.max(rmax, i / w);
            cmin = Math.min(cmin, i % w);
            cmax = Math.max(cmax, i % w);
        }
        if ((sym == Region.TRANSPOSE || sym == Region.ANTI_TRANSPOSE) && rmax - rmin != cmax - cmin) {
            return false;
        }
        for (long rest = mask; rest != 0; rest &= rest - 1) {
            final int i = Long.numberOfTrailingZeros(rest);
            final int r = i / w;
            final int c = i % w;
            final int[] to = image(sym, r, c, rmin, rmax, cmin, cmax);
            if ((to[0] == r && to[1] == c)
                    || (mask & (1L << (to[0] * w + to[1]))) == 0
                    || (strict && Math.abs(to[0] - r) + Math.abs(to[1] - c) == 1)) {
                return false;
            }
        }
        return true;
    }
}
