package org.gamecensus.kernel.hex;

import java.util.Arrays;
import org.gamecensus.kernel.hex.HexBoard.Side;

/**
 * A side's minimal winning sets on a Hex board: every inclusion-minimal set of cells joining its
 * two edges. With each edge as one extra vertex, such a set is the inside of an induced path
 * between the two edge vertices, so the enumeration walks induced paths: from a cell of the first
 * edge, each step to a neighbour of the last cell that touches no earlier cell of the path and
 * not the first edge, stopping on reaching the second edge (Erdős and Selfridge's winning sets, as
 * {@code spec/hex.md} defines them for the potential rule).
 *
 * <p>Cost: one step per prefix of an induced path from the first edge, bit-parallel; 2×2 has 3
 * sets a side, 2×3 has 5.
 */
public final class WinningSets {

    private WinningSets() {}

    /** The minimal winning sets of {@code side} on {@code board}, as cell masks, in increasing order. */
    public static int[] of(HexBoard board, Side side) {
        final Collector sets = new Collector();
        final int first = board.firstEdge(side);
        final int second = board.secondEdge(side);
        for (int rest = first; rest != 0; rest &= rest - 1) {
            final int v = Integer.numberOfTrailingZeros(rest);
            if ((second & (1 << v)) != 0) {
                sets.add(1 << v); // a one-row board: the cell alone joins the edges
            } else {
                extend(board, second, 1 << v, v, first, sets);
            }
        }
        final int[] out = Arrays.copyOf(sets.masks, sets.size);
        Arrays.sort(out);
        return out;
    }

    /**
     * Extends the induced path {@code path}, ending at {@code last}, by each neighbour of
     * {@code last} outside {@code blocked} (the first edge, and the cells on or next to the path's
     * cells before {@code last}).
     */
    private static void extend(HexBoard board, int second, int path, int last, int blocked, Collector sets) {
        assert (path & (1 << last)) != 0 : "the path ends at its last cell";
        final int next = board.neighbours(last) & ~blocked & ~path;
        final int nextBlocked = blocked | board.neighbours(last) | (1 << last);
        for (int rest = next; rest != 0; rest &= rest - 1) {
            final int w = Integer.numberOfTrailingZeros(rest);
            if ((second & (1 << w)) != 0) {
                sets.add(path | (1 << w));
            } else {
                extend(board, second, path | (1 << w), w, nextBlocked, sets);
            }
        }
    }

    /** A growable list of masks. */
    private static final class Collector {
        private int[] masks = new int[64];
        private int size;

        void add(int mask) {
            if (size == masks.length) {
                masks = Arrays.copyOf(masks, 2 * size);
            }
            masks[size++] = mask;
        }
    }
}
