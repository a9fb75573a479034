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

    /**
     * Largest connected set the encoding always holds. Larger shapes (to 16 squares) are
     * {@link CellShape}s; their components after a move, at most 14 squares, are packed regions.
     */
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
    public static final String[] SYMMETRY_NAMES = {
        "identity",
        "quarter-turn",
        "half-turn",
        "three-quarter-turn",
        "flip-rows",
        "flip-columns",
        "transpose",
        "anti-transpose"
    };
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

    private Region() {}

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
            final long grown = (reached
                            | ((reached << 1) & NOT_FIRST_COLUMN[w])
                            | ((reached >>> 1) & NOT_LAST_COLUMN[w])
                            | (reached << w)
                            | (reached >>> w))
                    & mask;
            if (grown == reached) {
                return reached;
            }
            reached = grown;
        }
    }

    /** One row of a frame of width w: bits 0..w−1. */
    private static long rowBits(int w) {
        return (1L << w) - 1;
    }

    /** The columns a set occupies, as bits 0..w−1: its rows OR-ed together (one step a row). */
    static long columns(int w, long mask) {
        long cols = 0L;
        for (long rest = mask; rest != 0; rest >>>= w) {
            cols |= rest;
        }
        return cols & rowBits(w);
    }

    /** Translates a set of a frame of width w to its bounding box's corner: a packed region. */
    static long normalize(int w, long mask) {
        assert mask != 0 : "the empty set has no bounding box";
        final long fromTop = mask >>> (Long.numberOfTrailingZeros(mask) / w * w);
        final long cols = columns(w, fromTop);
        final int left = Long.numberOfTrailingZeros(cols);
        final int nw = 64 - Long.numberOfLeadingZeros(cols) - left;
        final long row = rowBits(w);
        long out = 0L;
        int at = 0;
        for (long rest = fromTop; rest != 0; rest >>>= w) {
            out |= ((rest & row) >>> left) << at;
            at += nw;
        }
        return pack(nw, out);
    }

    /**
     * The image of a packed region under symmetry {@code sym}, packed. The half-turn of a w × h
     * box sends square i to w·h − 1 − i, which is the reversal of the word shifted down; the
     * other symmetries compose the half-turn, the row flip (a row at a time) and the transpose
     * (a square at a time): flip columns = half-turn ∘ flip rows, and the four that turn the box
     * are the transpose followed by one of identity, flip columns, flip rows, half-turn.
     */
    public static long transform(int sym, long packed) {
        final int w = width(packed);
        final int h = height(packed);
        final long m = mask(packed);
        switch (sym) {
            case IDENTITY:
                return packed;
            case HALF_TURN:
                return pack(w, halfTurn(w * h, m));
            case FLIP_ROWS:
                return pack(w, flipRows(w, h, m));
            case FLIP_COLUMNS:
                return pack(w, halfTurn(w * h, flipRows(w, h, m)));
            case TRANSPOSE:
                return transpose(packed);
            case QUARTER_TURN:
                return transform(FLIP_COLUMNS, transpose(packed));
            case THREE_QUARTER_TURN:
                return transform(FLIP_ROWS, transpose(packed));
            case ANTI_TRANSPOSE:
                return transform(HALF_TURN, transpose(packed));
            default:
                throw new IllegalArgumentException("no symmetry " + sym);
        }
    }

    /** The half-turn of a set filling a frame's first {@code area} squares: square i to area − 1 − i. */
    private static long halfTurn(int area, long m) {
        assert area >= 1 && area <= MAX_AREA : "a packed frame holds 1..56 squares";
        return Long.reverse(m) >>> (64 - area);
    }

    /** Row r of a w × h frame to row h − 1 − r. */
    private static long flipRows(int w, int h, long m) {
        final long row = rowBits(w);
        long out = 0L;
        for (int r = 0; r < h; r++) {
            out |= ((m >>> (r * w)) & row) << ((h - 1 - r) * w);
        }
        return out;
    }

    /** Square (r, c) of a packed region to (c, r): the frame's width becomes its height. */
    private static long transpose(long packed) {
        final int w = width(packed);
        final int h = height(packed);
        final long row = rowBits(w);
        long out = 0L;
        for (int r = 0; r < h; r++) {
            for (long bits = (mask(packed) >>> (r * w)) & row; bits != 0; bits &= bits - 1) {
                out |= 1L << (Long.numberOfTrailingZeros(bits) * h + r);
            }
        }
        return pack(h, out);
    }

    /** The least of a packed region's images under identity, half-turn, flip rows, flip columns. */
    static long leastOfRectangleImages(long packed) {
        final int w = width(packed);
        final int h = height(packed);
        final long m = mask(packed);
        final long flipped = flipRows(w, h, m);
        final long least = Math.min(Math.min(m, halfTurn(w * h, m)), Math.min(flipped, halfTurn(w * h, flipped)));
        return pack(w, least);
    }

    /**
     * The least packed image under the eight symmetries: equal for congruent regions. The eight
     * are the rectangle's four (identity, half-turn, the two flips) of the region and of its
     * transpose.
     */
    static long congruenceKey(long packed) {
        return Math.min(leastOfRectangleImages(packed), leastOfRectangleImages(transpose(packed)));
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
