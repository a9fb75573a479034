package org.gamecensus.kernel.hex;

import org.gamecensus.kernel.hex.HexBoard.Side;

/**
 * The executor side of the layered retrograde solve of Hex (Spark joins the layers): the live
 * positions of one layer — every position with a given number of stones that alternate play
 * reaches, with no completed chain — generated slice by slice without any table, and each
 * position's children.
 *
 * <p>A position is a key {@code down | (long) across << 32}. In layer k the first player has
 * ⌈k/2⌉ stones and the other ⌊k/2⌋; the first player's stone sets are taken in colex order (the
 * numeric order of their bit masks, walked by Gosper's hack) and cut into slices of consecutive
 * ranks; for each, the other side's sets of the right size among the empty cells. Memory per
 * task: none beyond the board; time per position: O(cells) for the chain checks.
 */
public final class HexLayerKernel {

    /** Receives one live position. */
    @FunctionalInterface
    public interface PositionSink {
        void accept(long key);
    }

    /** Receives one child: the cell played, the child's key, and whether that move completes the mover's chain. */
    @FunctionalInterface
    public interface ChildSink {
        void accept(int cell, long child, boolean completes);
    }

    /** Largest number of slices of one layer. */
    public static final int MAX_SLICES = 256;

    private final HexBoard board;
    private final Side first;
    private final int cells;
    private final long[][] binomial;

    public HexLayerKernel(HexBoard board, Side first) {
        if (board.cells() > 30) {
            throw new IllegalArgumentException("a layer key holds at most 30 cells per side, not " + board.cells());
        }
        this.board = board;
        this.first = first;
        this.cells = board.cells();
        this.binomial = new long[cells + 1][cells + 1];
        for (int n = 0; n <= cells; n++) {
            binomial[n][0] = 1;
            for (int k = 1; k <= n; k++) {
                binomial[n][k] = binomial[n - 1][k - 1] + (k <= n - 1 ? binomial[n - 1][k] : 0);
            }
        }
    }

    public static long key(int down, int across) {
        return (down & 0xffffffffL) | ((long) across << 32);
    }

    public static int down(long key) {
        return (int) key;
    }

    public static int across(long key) {
        return (int) (key >>> 32);
    }

    /** Who moves when {@code stones} stones are on the board. */
    public Side moverAt(int stones) {
        return stones % 2 == 0 ? first : first.other();
    }

    /** Stones of the first player in layer {@code stones}. */
    private static int firstStones(int stones) {
        return (stones + 1) / 2;
    }

    /** Slices of layer {@code stones}: ranges of the first player's stone sets. */
    public int sliceCount(int stones) {
        checkLayer(stones);
        return (int) Math.min(MAX_SLICES, binomial[cells][firstStones(stones)]);
    }

    private void checkLayer(int stones) {
        if (stones < 0 || stones >= cells) {
            throw new IllegalArgumentException("layers run 0.." + (cells - 1) + " stones on " + board.name() + ", not "
                    + stones);
        }
    }

    /** Emits every live position of layer {@code stones} in slice {@code slice}. */
    public void positions(int stones, int slice, PositionSink sink) {
        checkLayer(stones);
        final int f = firstStones(stones);
        final int o = stones - f;
        final long total = binomial[cells][f];
        final int slices = sliceCount(stones);
        if (slice < 0 || slice >= slices) {
            throw new IllegalArgumentException("slice " + slice + " of " + slices);
        }
        // Slice s covers ranks [s·total/slices, (s+1)·total/slices).
        final long from = total * slice / slices;
        final long to = total * (slice + 1) / slices;
        int mine = unrank(from, f);
        for (long r = from; r < to; r++) {
            if (!board.connects(first, mine)) {
                others(mine, o, stones, sink);
            }
            if (r + 1 < to) {
                mine = nextSameSize(mine);
            }
        }
    }

    /** The other side's sets of {@code o} stones among the cells {@code mine} leaves empty. */
    private void others(int mine, int o, int stones, PositionSink sink) {
        final int free = board.all() & ~mine;
        final int n = Integer.bitCount(free);
        if (o > n) {
            return;
        }
        final Side other = first.other();
        if (o == 0) {
            emit(mine, 0, sink);
            return;
        }
        final int last = ((1 << o) - 1) << (n - o);
        for (int compact = (1 << o) - 1; ; compact = nextSameSize(compact)) {
            final int theirs = expand(compact, free);
            if (!board.connects(other, theirs)) {
                emit(mine, theirs, sink);
            }
            if (compact == last) {
                break;
            }
        }
    }

    private void emit(int mine, int theirs, PositionSink sink) {
        if (first == Side.DOWN) {
            sink.accept(key(mine, theirs));
        } else {
            sink.accept(key(theirs, mine));
        }
    }

    /** Emits the children of a live position: the mover's stone on each empty cell. */
    public void children(long key, ChildSink sink) {
        final int down = down(key);
        final int across = across(key);
        final int stones = Integer.bitCount(down) + Integer.bitCount(across);
        final Side mover = moverAt(stones);
        for (int empty = board.all() & ~(down | across); empty != 0; empty &= empty - 1) {
            final int cell = Integer.numberOfTrailingZeros(empty);
            final int bit = 1 << cell;
            if (mover == Side.DOWN) {
                sink.accept(cell, key(down | bit, across), board.connects(Side.DOWN, down | bit));
            } else {
                sink.accept(cell, key(down, across | bit), board.connects(Side.ACROSS, across | bit));
            }
        }
    }

    /** The set of {@code k} cells with colex rank {@code rank} (combinatorial number system). */
    int unrank(long rank, int k) {
        int mask = 0;
        long r = rank;
        int c = cells - 1;
        for (int i = k; i >= 1; i--) {
            while (binomial[c][i] > r) {
                c--;
            }
            mask |= 1 << c;
            r -= binomial[c][i];
            c--;
        }
        assert r == 0 : "rank out of range";
        return mask;
    }

    /** Gosper's hack: the next larger integer with as many one bits. */
    static int nextSameSize(int x) {
        final int c = x & -x;
        final int r = x + c;
        return (((r ^ x) >>> 2) / c) | r;
    }

    /** Spreads the low bits of {@code compact} onto the one bits of {@code mask}, in order. */
    static int expand(int compact, int mask) {
        int out = 0;
        int m = mask;
        for (int b = compact; b != 0 && m != 0; b >>>= 1) {
            final int low = m & -m;
            if ((b & 1) != 0) {
                out |= low;
            }
            m &= m - 1;
        }
        return out;
    }
}
