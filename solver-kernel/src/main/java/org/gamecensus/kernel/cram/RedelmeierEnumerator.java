package org.gamecensus.kernel.cram;

/**
 * Every fixed polyomino (connected set of squares up to translation) of 1..n squares, each
 * exactly once, by Redelmeier's algorithm (D. H. Redelmeier, "Counting polyominoes: yet another
 * attack", Discrete Math. 36, 1981): grow from the least square, adding only squares never before
 * offered in the current branch. Constant work per polyomino, memory O(n²), nothing stored.
 *
 * <p>The search tree is cut into slices: the nodes of size {@code d} (the split depth) are
 * numbered in depth-first order and node k, with its whole subtree, belongs to slice
 * {@code k mod S}; the polyominoes smaller than {@code d} belong to slice 0. Every slice walks
 * the small top of the tree and only its own subtrees, so slices are independent and their
 * union is the whole enumeration, whatever S.
 */
public final class RedelmeierEnumerator {

    /** Receives each fixed polyomino as a packed region (polyominoes of up to {@value Region#MAX_SQUARES} squares). */
    @FunctionalInterface
    public interface Sink {
        void accept(long packed);
    }

    /**
     * Receives each fixed polyomino as its squares (rows[i], cols[i]), i < size, at some
     * translation (columns may be negative); the arrays are the enumerator's, valid during the call.
     */
    @FunctionalInterface
    public interface CellSink {
        void accept(int size, int[] rows, int[] cols);
    }

    private final int n;
    private final int cols;
    private final int splitDepth;
    private final boolean[] reached;
    private final int[] cellsR;
    private final int[] cellsC;
    private final int[][] untried;

    private int slice;
    private int sliceCount;
    private long nodesAtSplit;
    private CellSink sink;

    /**
     * @param maxSquares largest polyomino (1..{@value CellShape#MAX_SQUARES})
     * @param splitDepth size at which the tree is cut into slices (≥ 1)
     */
    public RedelmeierEnumerator(int maxSquares, int splitDepth) {
        if (maxSquares < 1 || maxSquares > CellShape.MAX_SQUARES) {
            throw new IllegalArgumentException(
                    "maxSquares must be 1.." + CellShape.MAX_SQUARES + ", got " + maxSquares);
        }
        if (splitDepth < 1) {
            throw new IllegalArgumentException("splitDepth must be positive, got " + splitDepth);
        }
        this.n = maxSquares;
        this.cols = 2 * n - 1;
        this.splitDepth = Math.min(splitDepth, maxSquares);
        this.reached = new boolean[n * cols];
        this.cellsR = new int[n];
        this.cellsC = new int[n];
        this.untried = new int[n + 1][4 * n + 4];
    }

    /**
     * The estimated number of fixed polyominoes of {@code squares} squares: the asymptotic count
     * 0.3169 · 4.0626^n / n (I. Jensen, "Enumerations of lattice animals and trees", J. Stat. Phys.
     * 102, 2001), at least one. It runs 5–8 % over the true count from 8 to 14 squares.
     */
    public static double estimatedCount(int squares) {
        return Math.max(1, 0.3169 * Math.pow(4.0626, squares) / squares);
    }

    /**
     * Emits every fixed polyomino of slice {@code slice} of {@code sliceCount} as a packed region;
     * for an enumerator of up to {@value Region#MAX_SQUARES} squares.
     */
    public void enumerate(int slice, int sliceCount, Sink sink) {
        if (n > Region.MAX_SQUARES) {
            throw new IllegalStateException("a packed region holds " + Region.MAX_SQUARES + " squares, not " + n);
        }
        final CellShape shape = new CellShape();
        enumerateCells(slice, sliceCount, (size, rows, cols) -> {
            shape.load(size, rows, cols);
            sink.accept(shape.id()); // a box of at most 56 cells: the packed region
        });
    }

    /** Emits every fixed polyomino of slice {@code slice} of {@code sliceCount} as its squares. */
    public void enumerateCells(int slice, int sliceCount, CellSink sink) {
        if (sliceCount < 1 || slice < 0 || slice >= sliceCount) {
            throw new IllegalArgumentException("slice " + slice + " of " + sliceCount);
        }
        this.slice = slice;
        this.sliceCount = sliceCount;
        this.sink = sink;
        this.nodesAtSplit = 0;
        final int origin = index(0, 0);
        reached[origin] = true;
        untried[0][0] = origin;
        grow(0, 1);
        reached[origin] = false;
    }

    private int index(int r, int c) {
        return r * cols + (c + n - 1);
    }

    /** Adds each untried square in turn to a polyomino of {@code size} squares. */
    private void grow(int size, int untriedCount) {
        final int[] list = untried[size];
        for (int k = untriedCount - 1; k >= 0; k--) {
            final int cell = list[k];
            final int r = cell / cols;
            final int c = cell % cols - (n - 1);
            cellsR[size] = r;
            cellsC[size] = c;
            final int newSize = size + 1;
            boolean mine = true;
            if (newSize == splitDepth) {
                mine = nodesAtSplit++ % sliceCount == slice;
            } else if (newSize < splitDepth) {
                mine = slice == 0;
            }
            if (newSize >= splitDepth && !mine) {
                continue; // another slice's subtree
            }
            if (mine) {
                sink.accept(newSize, cellsR, cellsC);
            }
            if (newSize < n) {
                // Next untried list: the squares still untried before this one, plus new neighbours.
                final int[] next = untried[newSize];
                int count = 0;
                for (int j = 0; j < k; j++) {
                    next[count++] = list[j];
                }
                final int added = count;
                count = offer(next, count, r + 1, c);
                count = offer(next, count, r - 1, c);
                count = offer(next, count, r, c + 1);
                count = offer(next, count, r, c - 1);
                grow(newSize, count);
                for (int j = added; j < count; j++) {
                    reached[next[j]] = false;
                }
            }
        }
    }

    private int offer(int[] next, int count, int r, int c) {
        if (r < 0 || r >= n || c <= -n || c >= n || (r == 0 && c < 0)) {
            return count;
        }
        final int cell = index(r, c);
        if (reached[cell]) {
            return count;
        }
        reached[cell] = true;
        next[count] = cell;
        return count + 1;
    }
}
