package org.gamecensus.kernel.hex;

import java.io.Serializable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Hex rhombus of r rows and c columns, cell index {@code row·c + col}, positions as two bit
 * masks of at most {@value #MAX_CELLS} cells. Cell (i, j) neighbours (i, j±1), (i±1, j),
 * (i−1, j+1) and (i+1, j−1). Down joins row 0 to row r−1, Across column 0 to column c−1.
 *
 * <p>Chains are tested by bit-parallel flood fill: O(r + c) word operations per test.
 */
public final class HexBoard implements Serializable {

    private static final long serialVersionUID = 1L;

    /** Cells a board may have: one bit of an {@code int} each. */
    public static final int MAX_CELLS = 25;

    private static final Pattern SPEC = Pattern.compile("0*([0-9]+)x0*([0-9]+)");

    public enum Side {
        DOWN,
        ACROSS;

        public Side other() {
            return this == DOWN ? ACROSS : DOWN;
        }

        public String label() {
            return this == DOWN ? "down" : "across";
        }

        public static Side parse(String s) {
            switch (s) {
                case "down":
                    return DOWN;
                case "across":
                    return ACROSS;
                default:
                    throw new IllegalArgumentException("a side is down or across, got '" + s + "'");
            }
        }
    }

    private final int rows;
    private final int cols;
    private final int cells;
    private final int all;
    private final int topRow;
    private final int bottomRow;
    private final int leftCol;
    private final int rightCol;
    private final int notLeftCol;
    private final int notRightCol;
    private final int[] neighbours;
    /** "rows x cols", built once: every census row carries it. */
    private final String name;

    public HexBoard(int rows, int cols) {
        if (rows < 1 || cols < 1 || (long) rows * cols > MAX_CELLS) {
            throw new IllegalArgumentException("a board has 1 to " + MAX_CELLS + " cells, got " + rows + "x" + cols);
        }
        this.rows = rows;
        this.cols = cols;
        this.cells = rows * cols;
        this.name = rows + "x" + cols;
        this.all = (int) ((1L << cells) - 1);
        int top = 0;
        int bottom = 0;
        int left = 0;
        int right = 0;
        for (int j = 0; j < cols; j++) {
            top |= 1 << j;
            bottom |= 1 << ((rows - 1) * cols + j);
        }
        for (int i = 0; i < rows; i++) {
            left |= 1 << (i * cols);
            right |= 1 << (i * cols + cols - 1);
        }
        this.topRow = top;
        this.bottomRow = bottom;
        this.leftCol = left;
        this.rightCol = right;
        this.notLeftCol = all & ~left;
        this.notRightCol = all & ~right;
        this.neighbours = new int[cells];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                int m = 0;
                final int[][] d = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}, {-1, 1}, {1, -1}};
                for (int[] dd : d) {
                    final int ni = i + dd[0];
                    final int nj = j + dd[1];
                    if (ni >= 0 && ni < rows && nj >= 0 && nj < cols) {
                        m |= 1 << (ni * cols + nj);
                    }
                }
                neighbours[i * cols + j] = m;
            }
        }
    }

    /** Parses "RxC": two numbers in ASCII digits (not Integer.parseInt's every script, nor its sign). */
    public static HexBoard parse(String spec) {
        final Matcher m = SPEC.matcher(spec);
        if (!m.matches()) {
            throw new IllegalArgumentException("a board is RxC, e.g. 3x4; got '" + spec + "'");
        }
        // Past four digits (leading zeros aside) a side is past every board, and may not fit an int.
        if (m.group(1).length() > 4 || m.group(2).length() > 4) {
            throw new IllegalArgumentException("a board has 1 to " + MAX_CELLS + " cells, got " + spec);
        }
        return new HexBoard(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
    }

    public int rows() {
        return rows;
    }

    public int cols() {
        return cols;
    }

    public int cells() {
        return cells;
    }

    /** Mask of every cell. */
    public int all() {
        return all;
    }

    /**
     * A mask turned half a turn: cell x to cells − 1 − x. The half-turn maps the board onto itself
     * and each side's edges onto each other, so a position and its half-turn have one value.
     */
    public int turn(int mask) {
        return Integer.reverse(mask) >>> (32 - cells());
    }

    public String name() {
        return name;
    }

    public int neighbours(int cell) {
        return neighbours[cell];
    }

    /** The cells adjacent to any cell of {@code set}, bit-parallel. */
    int spread(int set) {
        final int c = cols;
        int out = set;
        out |= (set << 1) & notLeftCol; // (i, j+1)
        out |= (set >>> 1) & notRightCol; // (i, j-1)
        out |= set << c; // (i+1, j)
        out |= set >>> c; // (i-1, j)
        out |= (set >>> (c - 1)) & notLeftCol; // (i-1, j+1)
        out |= (set << (c - 1)) & notRightCol; // (i+1, j-1)
        return out & all;
    }

    /** The cells of {@code within} joined to {@code from} through {@code within} (a flood fill; {@code from} ⊆ {@code within}). */
    int reach(int from, int within) {
        int reached = from;
        while (true) {
            final int grown = spread(reached) & within;
            if (grown == reached) {
                return reached;
            }
            reached = grown;
        }
    }

    /**
     * The cells of {@code empty} where one more stone of {@code side} completes its chain, given
     * its {@code stones} (which hold no chain yet): the cells on or next to the first edge's group
     * and on or next to the second edge's. Two flood fills, however many cells are empty.
     */
    int completions(Side side, int stones, int empty) {
        final int first = firstEdge(side);
        final int second = secondEdge(side);
        final int nearFirst = (spread(reach(stones & first, stones)) | first) & empty;
        final int nearSecond = (spread(reach(stones & second, stones)) | second) & empty;
        return nearFirst & nearSecond;
    }

    /** Whether {@code stones} hold a chain joining {@code side}'s two edges. */
    public boolean connects(Side side, int stones) {
        final int to = secondEdge(side);
        int reached = stones & firstEdge(side);
        while (true) {
            if ((reached & to) != 0) {
                return true;
            }
            final int grown = spread(reached) & stones;
            if (grown == reached) {
                return false;
            }
            reached = grown;
        }
    }

    /** The edge cells of {@code side}: its first edge (top row / left column). */
    public int firstEdge(Side side) {
        return side == Side.DOWN ? topRow : leftCol;
    }

    /** Its second edge (bottom row / right column). */
    public int secondEdge(Side side) {
        return side == Side.DOWN ? bottomRow : rightCol;
    }

    /** Rows of the board, '.' empty, 'D' Down, 'A' Across, each row shifted right as a rhombus. */
    public String draw(int down, int across) {
        final StringBuilder b = new StringBuilder();
        for (int i = 0; i < rows; i++) {
            b.append(" ".repeat(i));
            for (int j = 0; j < cols; j++) {
                final int bit = 1 << (i * cols + j);
                b.append((down & bit) != 0 ? 'D' : (across & bit) != 0 ? 'A' : '.');
                if (j + 1 < cols) {
                    b.append(' ');
                }
            }
            b.append('\n');
        }
        return b.toString();
    }
}
