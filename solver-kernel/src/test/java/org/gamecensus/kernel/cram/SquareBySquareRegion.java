package org.gamecensus.kernel.cram;

/**
 * The test oracle for {@link Region}'s geometry: the same maps computed one square at a time from
 * each square's row and column (the kernel's own first version, kept as the definition the
 * bit-parallel code must match). Shares no code with {@link Region} but its packing.
 */
final class SquareBySquareRegion {

    private SquareBySquareRegion() {
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
        final boolean turnsBox = sym == Region.QUARTER_TURN || sym == Region.THREE_QUARTER_TURN
                || sym == Region.TRANSPOSE || sym == Region.ANTI_TRANSPOSE;
        final int nw = turnsBox ? h : w;
        long out = 0L;
        for (long rest = m; rest != 0; rest &= rest - 1) {
            final int i = Long.numberOfTrailingZeros(rest);
            final int r = i / w;
            final int c = i % w;
            final int nr;
            final int nc;
            switch (sym) {
                case Region.IDENTITY: nr = r; nc = c; break;
                case Region.QUARTER_TURN: nr = c; nc = h - 1 - r; break;
                case Region.HALF_TURN: nr = h - 1 - r; nc = w - 1 - c; break;
                case Region.THREE_QUARTER_TURN: nr = w - 1 - c; nc = r; break;
                case Region.FLIP_ROWS: nr = h - 1 - r; nc = c; break;
                case Region.FLIP_COLUMNS: nr = r; nc = w - 1 - c; break;
                case Region.TRANSPOSE: nr = c; nc = r; break;
                default: nr = w - 1 - c; nc = h - 1 - r; break;
            }
            out |= 1L << (nr * nw + nc);
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
            final int nr;
            final int nc;
            switch (sym) {
                case Region.HALF_TURN: nr = rmin + rmax - r; nc = cmin + cmax - c; break;
                case Region.FLIP_ROWS: nr = rmin + rmax - r; nc = c; break;
                case Region.FLIP_COLUMNS: nr = r; nc = cmin + cmax - c; break;
                case Region.TRANSPOSE: nr = rmin + (c - cmin); nc = cmin + (r - rmin); break;
                default: nr = rmin + (cmax - c); nc = cmin + (rmax - r); break;
            }
            if ((nr == r && nc == c) || (mask & (1L << (nr * w + nc))) == 0
                    || (strict && Math.abs(nr - r) + Math.abs(nc - c) == 1)) {
                return false;
            }
        }
        return true;
    }
}
