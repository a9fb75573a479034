package org.gamecensus.kernel.cram;

import java.util.Arrays;

/**
 * A shape of up to {@value #MAX_SQUARES} squares indexed square by square: its squares are
 * numbered 0..n−1 in row-major order of its bounding box, and a set of them — any position of a
 * game played on the shape — is an {@code int}. A {@link Region} frame must hold the whole box in
 * 56 bits, which every connected set of up to 14 squares meets but a 16-square staircase (an 8 × 9
 * box) does not; numbering the squares instead holds any box, and a table over every position of
 * the shape needs only 2^n entries.
 *
 * <p>Per shape: each square's row, column and neighbours, the squares of each column, the
 * dominoes in {@link Region}'s frame order (horizontal ones by their left square, then vertical
 * ones by their top square, each row-major) with the dominoes each conflicts with, and a grid from
 * (row, column) to square. A reused holder: {@link #load} refills it without allocation, in
 * O(box + d²) for d dominoes; a pairing test costs O(|set|), stopping at its first failure; a
 * component O(|component|) steps. Not thread-safe.
 */
public final class CellShape {

    /** Largest shape: a set of squares is an int, a table over a shape's sets 2^16 entries. */
    public static final int MAX_SQUARES = 16;
    /**
     * Grid stride, twice the widest box (a connected set of n squares spans at most n columns), and
     * one empty row above the box: a point reflection's image of a square, computed as an index,
     * then lands on no square whenever its column leaves the box (see {@link #pairedByHalfTurn}).
     */
    private static final int STRIDE = 2 * MAX_SQUARES;
    /** A set of n squares has at most 2n − 1 adjacent pairs (4 × 4: 24). */
    static final int MAX_DOMINOES = 2 * MAX_SQUARES;
    /** Binomial coefficients C(i, k) for i < 73 (frames of up to 8 × 9 cells), k ≤ 16. */
    private static final long[][] BINOMIAL = new long[73][MAX_SQUARES + 1];

    static {
        for (int i = 0; i < BINOMIAL.length; i++) {
            BINOMIAL[i][0] = 1;
            for (int k = 1; k <= Math.min(i, MAX_SQUARES); k++) {
                BINOMIAL[i][k] = BINOMIAL[i - 1][k - 1] + (k <= i - 1 ? BINOMIAL[i - 1][k] : 0);
            }
        }
    }

    private int n;
    private int height;
    private int width;
    private final int[] row = new int[MAX_SQUARES];
    private final int[] col = new int[MAX_SQUARES];
    /** {@link #cell}(row, column) of each square. */
    private final int[] at = new int[MAX_SQUARES];
    /**
     * The square at {@link #cell}(row, column), or −1: one empty row above the box's 16 rows (a
     * half-turn's image stays within the set's own rows, so it never reads below them).
     */
    private final int[] grid = new int[(MAX_SQUARES + 1) * STRIDE];

    private final int[] neighbours = new int[MAX_SQUARES];
    private final int[] columnSquares = new int[MAX_SQUARES];
    private int dominoCount;
    private final int[] dominoFirst = new int[MAX_DOMINOES];
    private final int[] dominoSecond = new int[MAX_DOMINOES];
    private final int[] dominoSquares = new int[MAX_DOMINOES];
    /** The dominoes sharing a square with domino k, k included, as a set of domino indices. */
    private final int[] conflicts = new int[MAX_DOMINOES];

    /** Squares of a packed region on their way to {@link #load}. */
    private final int[] scratchRows = new int[MAX_SQUARES];

    private final int[] scratchColumns = new int[MAX_SQUARES];

    public CellShape() {
        Arrays.fill(grid, -1);
    }

    /** A shape holding a packed region's squares (a connected set, for tests and single shapes). */
    public static CellShape of(long packed) {
        final CellShape shape = new CellShape();
        shape.loadPacked(packed);
        return shape;
    }

    /** A shape holding a picture's squares ({@code #} a square, {@code .} none, rows joined by {@code /}). */
    public static CellShape ofPicture(String picture) {
        final String[] lines = picture.split("/");
        int size = 0;
        final int[] rows = new int[MAX_SQUARES];
        final int[] cols = new int[MAX_SQUARES];
        for (int r = 0; r < lines.length; r++) {
            for (int c = 0; c < lines[r].length(); c++) {
                final char ch = lines[r].charAt(c);
                if (ch == '#') {
                    if (size == MAX_SQUARES) {
                        throw new IllegalArgumentException("more than " + MAX_SQUARES + " squares: " + picture);
                    }
                    rows[size] = r;
                    cols[size] = c;
                    size++;
                } else if (ch != '.') {
                    throw new IllegalArgumentException("picture takes # and . only: " + picture);
                }
            }
        }
        if (size == 0) {
            throw new IllegalArgumentException("empty picture");
        }
        final CellShape shape = new CellShape();
        shape.load(size, rows, cols);
        return shape;
    }

    /** Loads the squares of a packed region (see {@link Region}). */
    public void loadPacked(long packed) {
        final int w = Region.width(packed);
        final int size = Region.squares(packed);
        if (size < 1 || size > MAX_SQUARES) {
            throw new IllegalArgumentException("a shape has 1.." + MAX_SQUARES + " squares, got " + size);
        }
        final int[] rows = scratchRows;
        final int[] cols = scratchColumns;
        int k = 0;
        for (long m = Region.mask(packed); m != 0; m &= m - 1) {
            final int i = Long.numberOfTrailingZeros(m);
            rows[k] = i / w;
            cols[k] = i % w;
            k++;
        }
        load(size, rows, cols);
    }

    /**
     * Loads squares (rows[i], cols[i]), i < size, at any translation (columns may be negative): a
     * set of 1..16 squares spanning at most 16 rows and 16 columns (every connected one does).
     */
    public void load(int size, int[] rows, int[] cols) {
        assert size >= 1 && size <= MAX_SQUARES : "a shape has 1..16 squares";
        for (int k = 0; k < n; k++) {
            grid[at[k]] = -1;
        }
        Arrays.fill(columnSquares, 0, width, 0);
        int rmin = Integer.MAX_VALUE;
        int rmax = Integer.MIN_VALUE;
        int cmin = Integer.MAX_VALUE;
        int cmax = Integer.MIN_VALUE;
        for (int i = 0; i < size; i++) {
            rmin = Math.min(rmin, rows[i]);
            rmax = Math.max(rmax, rows[i]);
            cmin = Math.min(cmin, cols[i]);
            cmax = Math.max(cmax, cols[i]);
        }
        final int h = rmax - rmin + 1;
        final int w = cmax - cmin + 1;
        n = 0;
        width = 0;
        if (h > MAX_SQUARES || w > MAX_SQUARES) {
            throw new IllegalArgumentException("a shape spans at most " + MAX_SQUARES + " rows and columns");
        }
        height = h;
        width = w;
        for (int i = 0; i < size; i++) {
            grid[cell(rows[i] - rmin, cols[i] - cmin)] = MAX_SQUARES;
        }
        // Number the squares row-major: the frame order of Region.
        int k = 0;
        for (int r = 0; r < height; r++) {
            for (int c = 0; c < width; c++) {
                final int g = cell(r, c);
                if (grid[g] >= 0) {
                    grid[g] = k;
                    row[k] = r;
                    col[k] = c;
                    at[k] = g;
                    columnSquares[c] |= 1 << k;
                    k++;
                }
            }
        }
        n = k;
        if (k != size) {
            throw new IllegalArgumentException("squares repeat: " + size + " given, " + k + " distinct");
        }
        dominoCount = 0;
        for (int s = 0; s < n; s++) {
            neighbours[s] = 0;
        }
        for (int s = 0; s < n; s++) {
            final int right = square(row[s], col[s] + 1);
            if (right >= 0) {
                addDomino(s, right);
            }
        }
        for (int s = 0; s < n; s++) {
            final int down = square(row[s] + 1, col[s]);
            if (down >= 0) {
                addDomino(s, down);
            }
        }
        for (int d = 0; d < dominoCount; d++) {
            conflicts[d] = 0;
            for (int j = 0; j < dominoCount; j++) {
                if ((dominoSquares[d] & dominoSquares[j]) != 0) {
                    conflicts[d] |= 1 << j;
                }
            }
        }
    }

    private void addDomino(int a, int b) {
        assert dominoCount < MAX_DOMINOES : "a shape of 16 squares has at most 24 dominoes";
        dominoFirst[dominoCount] = a;
        dominoSecond[dominoCount] = b;
        dominoSquares[dominoCount] = 1 << a | 1 << b;
        dominoCount++;
        neighbours[a] |= 1 << b;
        neighbours[b] |= 1 << a;
    }

    /** The grid index of (r, c), r ≥ −1, 0 ≤ c < STRIDE. */
    private static int cell(int r, int c) {
        return (r + 1) * STRIDE + c;
    }

    /** The square at (r, c) of the box, or −1. */
    private int square(int r, int c) {
        return r < 0 || r >= height || c < 0 || c >= width ? -1 : grid[cell(r, c)];
    }

    public int squares() {
        return n;
    }

    public int height() {
        return height;
    }

    public int width() {
        return width;
    }

    /** The set of every square. */
    public int all() {
        return (int) ((1L << n) - 1);
    }

    public int row(int square) {
        return row[square];
    }

    public int column(int square) {
        return col[square];
    }

    public int dominoCount() {
        return dominoCount;
    }

    /** Every domino of the shape, as a set of domino indices (bit k: domino k). */
    public int allDominoes() {
        return (int) ((1L << dominoCount) - 1);
    }

    /**
     * The dominoes sharing a square with domino k, k included: the dominoes of a set that remain
     * after domino k is taken are its dominoes without these.
     */
    public int conflicts(int k) {
        return conflicts[k];
    }

    /** Domino k's two squares, as a set. */
    public int domino(int k) {
        return dominoSquares[k];
    }

    /** Domino k's first square (the left or top one). */
    public int dominoFirst(int k) {
        return dominoFirst[k];
    }

    /** Domino k's second square (the right or bottom one). */
    public int dominoSecond(int k) {
        return dominoSecond[k];
    }

    /**
     * The shape's id: {@code width << 56 | mask}, the packed region of {@link Region}, when its box
     * fits 56 cells; otherwise (some shapes of 15 and 16 squares) bit 63 set, the width in bits
     * 56..62, the number of squares less one in bits 52..55, and in bits 0..51 the colex rank of
     * the mask's set bits i_0 < i_1 < … among the subsets of that size of the box, Σ C(i_k, k + 1)
     * (below C(72, 16) < 2^52). Distinct shapes have distinct ids.
     */
    public long id() {
        if (height * width <= 56) {
            long mask = 0L;
            for (int s = 0; s < n; s++) {
                mask |= 1L << (row[s] * width + col[s]);
            }
            return Region.pack(width, mask);
        }
        long rank = 0L;
        for (int s = 0; s < n; s++) {
            rank += BINOMIAL[row[s] * width + col[s]][s + 1];
        }
        assert rank < 1L << 52 : "the colex rank of at most 16 cells of 72 fits 52 bits";
        return Long.MIN_VALUE | (long) width << 56 | (long) (n - 1) << 52 | rank;
    }

    /** Rows of {@code #} and {@code .} joined by {@code /}, top row first (as {@link Region#picture}). */
    public String picture() {
        final StringBuilder b = new StringBuilder(height * (width + 1));
        for (int r = 0; r < height; r++) {
            if (r > 0) {
                b.append('/');
            }
            for (int c = 0; c < width; c++) {
                b.append(grid[cell(r, c)] >= 0 ? '#' : '.');
            }
        }
        return b.toString();
    }

    /**
     * Whether squares (rows[i], cols[i]), at any translation, are the least of their images under
     * identity, half-turn, flip rows and flip columns, each image's row-major mask in the box read
     * as a number (the order of {@link Region}'s packed regions; boxes of up to 128 cells).
     */
    public static boolean isLeastOfRectangleImages(int size, int[] rows, int[] cols) {
        int rmin = Integer.MAX_VALUE;
        int rmax = Integer.MIN_VALUE;
        int cmin = Integer.MAX_VALUE;
        int cmax = Integer.MIN_VALUE;
        for (int i = 0; i < size; i++) {
            rmin = Math.min(rmin, rows[i]);
            rmax = Math.max(rmax, rows[i]);
            cmin = Math.min(cmin, cols[i]);
            cmax = Math.max(cmax, cols[i]);
        }
        final int h = rmax - rmin + 1;
        final int w = cmax - cmin + 1;
        assert h * w <= 128 : "a box of 128 cells at most";
        return h * w <= 64
                ? isLeastInOneWord(size, rows, cols, rmin, cmin, h, w)
                : isLeastInTwoWords(size, rows, cols, rmin, cmin, h, w);
    }

    /** {@link #isLeastOfRectangleImages} for a box of up to 64 cells: each image's mask is a long. */
    private static boolean isLeastInOneWord(int size, int[] rows, int[] cols, int rmin, int cmin, int h, int w) {
        long id = 0L;
        long turn = 0L;
        long flipRows = 0L;
        long flipColumns = 0L;
        for (int i = 0; i < size; i++) {
            final int r = rows[i] - rmin;
            final int c = cols[i] - cmin;
            id |= 1L << (r * w + c);
            turn |= 1L << (h * w - 1 - r * w - c);
            flipRows |= 1L << ((h - 1 - r) * w + c);
            flipColumns |= 1L << (r * w + w - 1 - c);
        }
        return Long.compareUnsigned(turn, id) >= 0
                && Long.compareUnsigned(flipRows, id) >= 0
                && Long.compareUnsigned(flipColumns, id) >= 0;
    }

    /** {@link #isLeastOfRectangleImages} for a box of 65..128 cells: each image's mask is two longs. */
    private static boolean isLeastInTwoWords(int size, int[] rows, int[] cols, int rmin, int cmin, int h, int w) {
        long idLo = 0L;
        long idHi = 0L;
        long turnLo = 0L;
        long turnHi = 0L;
        long rowsLo = 0L;
        long rowsHi = 0L;
        long colsLo = 0L;
        long colsHi = 0L;
        for (int i = 0; i < size; i++) {
            final int r = rows[i] - rmin;
            final int c = cols[i] - cmin;
            final int id = r * w + c;
            final int turn = h * w - 1 - id;
            final int flipRows = (h - 1 - r) * w + c;
            final int flipColumns = r * w + w - 1 - c;
            idLo |= id < 64 ? 1L << id : 0L;
            idHi |= id >= 64 ? 1L << id : 0L;
            turnLo |= turn < 64 ? 1L << turn : 0L;
            turnHi |= turn >= 64 ? 1L << turn : 0L;
            rowsLo |= flipRows < 64 ? 1L << flipRows : 0L;
            rowsHi |= flipRows >= 64 ? 1L << flipRows : 0L;
            colsLo |= flipColumns < 64 ? 1L << flipColumns : 0L;
            colsHi |= flipColumns >= 64 ? 1L << flipColumns : 0L;
        }
        return !below(turnHi, turnLo, idHi, idLo)
                && !below(rowsHi, rowsLo, idHi, idLo)
                && !below(colsHi, colsLo, idHi, idLo);
    }

    /** Whether 128-bit (aHi, aLo) < (bHi, bLo), unsigned. */
    private static boolean below(long aHi, long aLo, long bHi, long bLo) {
        return aHi != bHi ? Long.compareUnsigned(aHi, bHi) < 0 : Long.compareUnsigned(aLo, bLo) < 0;
    }

    /**
     * Square (r, c) of an h × w box under symmetry {@code sym}, as r'·STRIDE + c' in the image's
     * box (w × h for the four that turn it: they are the transpose followed by one of identity,
     * flip columns, flip rows, half-turn, as in {@link Region#transform}).
     */
    private static int image(int sym, int r, int c, int h, int w) {
        switch (sym) {
            case Region.IDENTITY:
                return r * STRIDE + c;
            case Region.QUARTER_TURN:
                return c * STRIDE + h - 1 - r;
            case Region.HALF_TURN:
                return (h - 1 - r) * STRIDE + w - 1 - c;
            case Region.THREE_QUARTER_TURN:
                return (w - 1 - c) * STRIDE + r;
            case Region.FLIP_ROWS:
                return (h - 1 - r) * STRIDE + c;
            case Region.FLIP_COLUMNS:
                return r * STRIDE + w - 1 - c;
            case Region.TRANSPOSE:
                return c * STRIDE + r;
            case Region.ANTI_TRANSPOSE:
                return (w - 1 - c) * STRIDE + h - 1 - r;
            default:
                throw new IllegalArgumentException("no symmetry " + sym);
        }
    }

    /** Whether symmetry {@code sym} turns the box (a quarter turn or a diagonal mirror). */
    private static boolean turnsTheBox(int sym) {
        return sym == Region.QUARTER_TURN
                || sym == Region.THREE_QUARTER_TURN
                || sym == Region.TRANSPOSE
                || sym == Region.ANTI_TRANSPOSE;
    }

    /** Bit s set when symmetry s (of {@link Region#SYMMETRY_NAMES}), about the box, maps the shape to itself. */
    public int symmetries() {
        int bits = 0;
        for (int sym = 0; sym < 8; sym++) {
            if (turnsTheBox(sym) && height != width) {
                continue;
            }
            boolean maps = true;
            for (int s = 0; s < n && maps; s++) {
                maps = grid[cell(0, 0) + image(sym, row[s], col[s], height, width)] >= 0;
            }
            if (maps) {
                bits |= 1 << sym;
            }
        }
        return bits;
    }

    /**
     * Whether involution {@code sym}, taken about the bounding box of {@code set} itself, pairs
     * the set: maps it to itself, fixes no square and — when {@code strict} — maps no domino of the
     * set onto itself (a square whose image is its neighbour). The empty set is paired.
     */
    public boolean pairs(int sym, int set, boolean strict) {
        assert sym == Region.HALF_TURN
                        || sym == Region.FLIP_ROWS
                        || sym == Region.FLIP_COLUMNS
                        || sym == Region.TRANSPOSE
                        || sym == Region.ANTI_TRANSPOSE
                : "only involutions pair";
        if (set == 0) {
            return true;
        }
        if (sym == Region.HALF_TURN) {
            return pairedByHalfTurn(set, strict);
        }
        final int top = row[Integer.numberOfTrailingZeros(set)];
        final int bottom = row[31 - Integer.numberOfLeadingZeros(set)];
        int left = 0;
        while ((columnSquares[left] & set) == 0) {
            left++;
        }
        int right = width - 1;
        while ((columnSquares[right] & set) == 0) {
            right--;
        }
        final int h = bottom - top + 1;
        final int w = right - left + 1;
        if (turnsTheBox(sym) && h != w) {
            return false;
        }
        final int corner = cell(top, left);
        for (int rest = set; rest != 0; rest &= rest - 1) {
            final int a = Integer.numberOfTrailingZeros(rest);
            final int b = grid[corner + image(sym, row[a] - top, col[a] - left, h, w)];
            if (b < 0 || (set & 1 << b) == 0 || b == a || (strict && (neighbours[a] & 1 << b) != 0)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The half-turn about the set's own box, tested without finding the box. It reverses the
     * row-major order of the set, so if it pairs the set it maps the first square f to the last l,
     * and each square at grid index g to k − g with k = at(f) + at(l). The test applies that map:
     * each square's image must be a square of the set, not itself and (strict) not its neighbour.
     * Conversely a map passing the test is a point reflection keeping the set, hence its box: the
     * half-turn. (An image column outside 0..15 lands, by the stride of 32 and the empty first
     * row, on an empty cell of the grid.) A paired set has an even number of squares.
     */
    public boolean pairedByHalfTurn(int set, boolean strict) {
        if (set == 0) {
            return true;
        }
        if ((Integer.bitCount(set) & 1) != 0) {
            return false;
        }
        final int k = at[Integer.numberOfTrailingZeros(set)] + at[31 - Integer.numberOfLeadingZeros(set)];
        for (int rest = set; rest != 0; rest &= rest - 1) {
            final int a = Integer.numberOfTrailingZeros(rest);
            assert k - at[a] >= 0 && k - at[a] < grid.length : "an image lies in the set's rows, in the grid";
            final int b = grid[k - at[a]];
            if (b < 0 || (set & 1 << b) == 0 || b == a || (strict && (neighbours[a] & 1 << b) != 0)) {
                return false;
            }
        }
        return true;
    }

    /** The squares of {@code set} connected to those of {@code seed}. */
    public int component(int set, int seed) {
        int reached = seed & set;
        int frontier = reached;
        while (frontier != 0) {
            int next = 0;
            for (int f = frontier; f != 0; f &= f - 1) {
                next |= neighbours[Integer.numberOfTrailingZeros(f)];
            }
            next &= set & ~reached;
            reached |= next;
            frontier = next;
        }
        return reached;
    }

    /**
     * A set of squares as a packed region, translated to its own box; the box must fit 56 cells,
     * as that of every connected set of up to 14 squares does.
     */
    public long packed(int set) {
        assert set != 0 : "the empty set has no bounding box";
        final int top = row[Integer.numberOfTrailingZeros(set)];
        int left = 0;
        while ((columnSquares[left] & set) == 0) {
            left++;
        }
        int right = width - 1;
        while ((columnSquares[right] & set) == 0) {
            right--;
        }
        final int w = right - left + 1;
        long mask = 0L;
        for (int rest = set; rest != 0; rest &= rest - 1) {
            final int a = Integer.numberOfTrailingZeros(rest);
            final int bit = (row[a] - top) * w + col[a] - left;
            assert bit < 56 : "the set's box fits 56 cells";
            mask |= 1L << bit;
        }
        return Region.pack(w, mask);
    }
}
