package org.gamecensus.kernel.cram;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The test oracle for "two moves away" (spec/cram.md, open questions), read off the definition
 * with sets of (row, column) cells: no bit tricks, no {@link Region} helpers, no shortcut for
 * odd shapes. The half-turn of a set is taken about its own bounding box, cell by cell.
 */
final class PlainTwoMovesAway {

    /** A domino as its two cells, each row · 64 + column, the first one above or left. */
    record Domino(int a, int b) {
        @Override
        public String toString() {
            return "(" + a / 64 + "," + a % 64 + ")-(" + b / 64 + "," + b % 64 + ")";
        }
    }

    private PlainTwoMovesAway() {}

    /** The cells of a mask in a frame of width w. */
    static Set<Integer> cells(int w, long mask) {
        final Set<Integer> cells = new HashSet<>();
        for (int i = 0; i < 64; i++) {
            if ((mask >>> i & 1) == 1) {
                cells.add(i / w * 64 + i % w);
            }
        }
        return cells;
    }

    /** The mask of a set of cells in a frame of width w. */
    static long mask(int w, Set<Integer> cells) {
        long mask = 0;
        for (int cell : cells) {
            mask |= 1L << (cell / 64 * w + cell % 64);
        }
        return mask;
    }

    static List<Domino> dominoes(Set<Integer> cells) {
        final List<Domino> out = new ArrayList<>();
        for (int cell : cells) {
            if (cells.contains(cell + 1)) {
                out.add(new Domino(cell, cell + 1));
            }
            if (cells.contains(cell + 64)) {
                out.add(new Domino(cell, cell + 64));
            }
        }
        return out;
    }

    static Set<Integer> without(Set<Integer> cells, Domino d) {
        final Set<Integer> rest = new HashSet<>(cells);
        rest.remove(d.a());
        rest.remove(d.b());
        return rest;
    }

    /** Non-empty, mapped to itself by its half-turn, no cell fixed; strict: no domino onto itself. */
    static boolean paired(Set<Integer> cells, boolean strict) {
        if (cells.isEmpty()) {
            return false;
        }
        int top = Integer.MAX_VALUE;
        int bottom = Integer.MIN_VALUE;
        int left = Integer.MAX_VALUE;
        int right = Integer.MIN_VALUE;
        for (int cell : cells) {
            top = Math.min(top, cell / 64);
            bottom = Math.max(bottom, cell / 64);
            left = Math.min(left, cell % 64);
            right = Math.max(right, cell % 64);
        }
        for (int cell : cells) {
            final int image = (top + bottom - cell / 64) * 64 + (left + right - cell % 64);
            if (image == cell || !cells.contains(image)) {
                return false;
            }
        }
        if (strict) {
            for (Domino d : dominoes(cells)) {
                final int imageOfA = (top + bottom - d.a() / 64) * 64 + (left + right - d.a() % 64);
                if (imageOfA == d.b()) {
                    return false;
                }
            }
        }
        return true;
    }

    static boolean oneMoveAway(Set<Integer> cells, boolean strict) {
        for (Domino d : dominoes(cells)) {
            if (paired(without(cells, d), strict)) {
                return true;
            }
        }
        return false;
    }

    /** The moves of a shape that count as two moves away under the test. */
    static List<Domino> countingMoves(Set<Integer> shape, boolean strict) {
        final List<Domino> out = new ArrayList<>();
        for (Domino m : dominoes(shape)) {
            final Set<Integer> rest = without(shape, m);
            final List<Domino> replies = dominoes(rest);
            boolean every = !rest.isEmpty() && !replies.isEmpty();
            for (Domino r : replies) {
                every &= oneMoveAway(without(rest, r), strict);
            }
            if (every) {
                out.add(m);
            }
        }
        return out;
    }
}
