package org.gamecensus.kernel.cram;

/**
 * Bit-level geometry of sets of grid squares. A set lives in a frame of width {@code w}: square
 * (r, c) is bit {@code r·w + c} of a {@code long}. A <em>packed</em> region is a set translated
 * to its bounding box's corner, stored with its width as {@code w << 56 | mask}; the frame area
 * is at most 56 squares, which every connected set of up to {@value #MAX_SQUARES} squares
 * meets (a bounding box a × b of a connected n-set has a + b − 1 ≤ n, so ab ≤ (n+1)²/4).
 *
 * <p>The eight symmetries of the square act on packed regions about their own bounding box.
 * Everything here is static, allocation-free and package-private in spirit; the few public
 * methods are what the census rows and tests need.
 */
public final class Region {

    /** Largest shape the encoding supports. */
    public static final int MAX_SQUARES = 14;
    /** Largest frame area (squares) a packed region may use. */
    static final int MAX_AREA = 56;

    // The eight symmetries of the square, about the set's own bounding box.
    public static final int IDENTITY = 0;
    public static final int QUARTER_TURN = 1;
    public static final int HALF_TURN = 2;
    public static final int THREE_QUARTER_TURN = 3;
    public static final int FLIP_ROWS = 4;
    public static final int FLIP_COLUMNS = 5;
    public static final int TRANSPOSE = 6;
    public static final int ANTI_TRANSPOSE = 7;
    /** Names of the symmetries, by index. */
    public static final String[] SYMMETRY_NAMES = {"identity", "quarter-turn", "half-turn", "three-quarter-turn",
        "flip-rows", "flip-columns", "transpose", "anti-transpose"};
    /** The involutions other than the half-turn: the four mirrors. */
    static final int[] MIRRORS = {FLIP_ROWS, FLIP_COLUMNS, TRANSPOSE, ANTI_TRANSPOSE};

    private static final long[] NOT_FIRST_COLUMN = new long[MAX_AREA + 1];
    private static final long[] NOT_LAST_COLUMN = new long[MAX_AREA + 1];

    static {
        for (int w = 1; w <= MAX_AREA; w++) {
            long notFirst = 0L;
            long notLast = 0L;
            for (int i = 0; i < 64; i++) {
                if (i % w != 0) {
                    notFirst |= 1L << i;
                }
                if (i % w != w - 1) {
                    notLast |= 1L << i;
                }
            }
            NOT_FIRST_COLUMN[w] = notFirst;
            NOT_LAST_COLUMN[w] = notLast;
        }
    }

    private Region() {
    }

    public static long pack(int w, long mask) {
        assert w >= 1 && w <= MAX_AREA && (mask >>> MAX_AREA) == 0 : "frame of width " + w + " fits 56 bits";
        return (long) w << 56 | mask;
    }

    public static int width(long packed) {
        return (int) (packed >>> 56);
    }

    public static long mask(long packed) {
        return packed & ((1L << 56) - 1);
    }

    /** Height of a packed region (rows of its bounding box). */
    public static int height(long packed) {
        final long m = mask(packed);
        return m == 0 ? 0 : (63 - Long.numberOfLeadingZeros(m)) / width(packed) + 1;
    }

    public static int squares(long packed) {
        return Long.bitCount(mask(packed));
    }

    /** Horizontal dominoes of a set in a frame of width w: bit i set when squares i and i+1 are both in it. */
    static long horizontalDominoes(int w, long mask) {
        return mask & (mask >>> 1) & NOT_LAST_COLUMN[w];
    }

    /** Vertical dominoes: bit i set when squares i and i+w are both in the set. */
    static long verticalDominoes(int w, long mask) {
        return mask & (mask >>> w);
    }

    /** The squares of {@code mask} 4-connected to the squares of {@code seed}. */
    static long component(int w, long mask, long seed) {
        long reached = seed & mask;
        while (true) {
            final long grown = (reached | ((reached << 1) & NOT_FIRST_COLUMN[w]) | ((reached >>> 1) & NOT_LAST_COLUMN[w])
                    | (reached << w) | (reached >>> w)) & mask;
            if (grown == reached) {
                return reached;
            }
            reached = grown;
        }
    }

    /** Translates a set of a frame of width w to its bounding box's corner: a packed region. */
    static long normalize(int w, long mask) {
        int rmin = Integer.MAX_VALUE;
        int cmin = Integer.MAX_VALUE;
        int cmax = -1;
        for (long rest = mask; rest != 0; rest &= rest - 1) {
            final int i = Long.numberOfTrailingZeros(rest);
            final int r = i / w;
            final int c = i % w;
            rmin = Math.min(rmin, r);
            cmin = Math.min(cmin, c);
            cmax = Math.max(cmax, c);
        }
        final int nw = cmax - cmin + 1;
        long out = 0L;
        for (long rest = mask; rest != 0; rest &= rest - 1) {
            final int i = Long.numberOfTrailingZeros(rest);
            out |= 1L << ((i / w - rmin) * nw + (i % w - cmin));
        }
        return pack(nw, out);
    }

    /** The image of a packed region under symmetry {@code sym}, packed. */
    public static long transform(int sym, long packed) {
        final int w = width(packed);
        final int h = height(packed);
        final long m = mask(packed);
        final int nw = (sym == QUARTER_TURN || sym == THREE_QUARTER_TURN || sym == TRANSPOSE || sym == ANTI_TRANSPOSE)
                ? h : w;
        long out = 0L;
        for (long rest = m; rest != 0; rest &= rest - 1) {
            final int i = Long.numberOfTrailingZeros(rest);
            final int r = i / w;
            final int c = i % w;
            final int nr;
            final int nc;
            switch (sym) {
                case IDENTITY: nr = r; nc = c; break;
                case QUARTER_TURN: nr = c; nc = h - 1 - r; break;
                case HALF_TURN: nr = h - 1 - r; nc = w - 1 - c; break;
                case THREE_QUARTER_TURN: nr = w - 1 - c; nc = r; break;
                case FLIP_ROWS: nr = h - 1 - r; nc = c; break;
                case FLIP_COLUMNS: nr = r; nc = w - 1 - c; break;
                case TRANSPOSE: nr = c; nc = r; break;
                default: nr = w - 1 - c; nc = h - 1 - r; break; // anti-transpose
            }
            out |= 1L << (nr * nw + nc);
        }
        return pack(nw, out);
    }

    /** The least packed image under the eight symmetries: equal for congruent regions. */
    static long congruenceKey(long packed) {
        long best = packed;
        for (int sym = 1; sym < 8; sym++) {
            final long img = transform(sym, packed);
            if (img < best) {
                best = img;
            }
        }
        return best;
    }

    /**
     * Whether symmetry {@code sym} (an involution), taken about the bounding box of the set itself,
     * pairs the set: maps it to itself, fixes no square, and — when {@code strict} — maps no
     * domino of the set onto itself. The empty set is paired.
     */
    static boolean pairs(int sym, int w, long mask, boolean strict) {
        if (mask == 0) {
            return true;
        }
        assert sym == HALF_TURN || sym == FLIP_ROWS || sym == FLIP_COLUMNS || sym == TRANSPOSE || sym == ANTI_TRANSPOSE
                : "only involutions pair";
        int rmin = Integer.MAX_VALUE;
        int rmax = -1;
        int cmin = Integer.MAX_VALUE;
        int cmax = -1;
        for (long rest = mask; rest != 0; rest &= rest - 1) {
            final int i = Long.numberOfTrailingZeros(rest);
            final int r = i / w;
            final int c = i % w;
            rmin = Math.min(rmin, r);
            rmax = Math.max(rmax, r);
            cmin = Math.min(cmin, c);
            cmax = Math.max(cmax, c);
        }
        final int rs = rmin + rmax;
        final int cs = cmin + cmax;
        if ((sym == TRANSPOSE || sym == ANTI_TRANSPOSE) && rmax - rmin != cmax - cmin) {
            return false; // a diagonal mirror maps a non-square box elsewhere
        }
        for (long rest = mask; rest != 0; rest &= rest - 1) {
            final int i = Long.numberOfTrailingZeros(rest);
            final int r = i / w;
            final int c = i % w;
            final int nr;
            final int nc;
            switch (sym) {
                case HALF_TURN: nr = rs - r; nc = cs - c; break;
                case FLIP_ROWS: nr = rs - r; nc = c; break;
                case FLIP_COLUMNS: nr = r; nc = cs - c; break;
                case TRANSPOSE: nr = rmin + (c - cmin); nc = cmin + (r - rmin); break;
                default: nr = rmin + (cmax - c); nc = cmin + (rmax - r); break; // anti-transpose
            }
            if (nr == r && nc == c) {
                return false; // a fixed square
            }
            if ((mask & (1L << (nr * w + nc))) == 0) {
                return false; // not mapped to itself
            }
            if (strict && Math.abs(nr - r) + Math.abs(nc - c) == 1) {
                return false; // the domino {square, image} is its own image
            }
        }
        return true;
    }

    /** Rows of {@code #} and {@code .} joined by {@code /}, top row first. */
    public static String picture(long packed) {
        final int w = width(packed);
        final int h = height(packed);
        final long m = mask(packed);
        final StringBuilder b = new StringBuilder(h * (w + 1));
        for (int r = 0; r < h; r++) {
            if (r > 0) {
                b.append('/');
            }
            for (int c = 0; c < w; c++) {
                b.append((m & (1L << (r * w + c))) != 0 ? '#' : '.');
            }
        }
        return b.toString();
    }

    /** Parses a picture ("##./.##") into a packed region, normalised to its bounding box. */
    public static long fromPicture(String picture) {
        final String[] rows = picture.split("/");
        final int w = rows[0].length();
        long mask = 0L;
        for (int r = 0; r < rows.length; r++) {
            if (rows[r].length() != w) {
                throw new IllegalArgumentException("ragged picture: " + picture);
            }
            for (int c = 0; c < w; c++) {
                if (rows[r].charAt(c) == '#') {
                    mask |= 1L << (r * w + c);
                } else if (rows[r].charAt(c) != '.') {
                    throw new IllegalArgumentException("picture takes # and . only: " + picture);
                }
            }
        }
        if (mask == 0) {
            throw new IllegalArgumentException("empty picture");
        }
        return normalize(w, mask);
    }
}
