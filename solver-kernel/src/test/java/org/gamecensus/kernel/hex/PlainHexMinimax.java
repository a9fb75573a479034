package org.gamecensus.kernel.hex;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;

/**
 * Test oracle for {@link HexExactSolver}: plain minimax over (Down, Across) masks with its own
 * chain test (a depth-first search over the neighbour lists) and a hash map. Small boards only.
 */
final class PlainHexMinimax {

    private final HexBoard board;
    private final boolean downFirst;
    private final Map<Long, Boolean> memo = new HashMap<>();

    PlainHexMinimax(HexBoard board, boolean downFirst) {
        this.board = board;
        this.downFirst = downFirst;
    }

    boolean downToMove(int down, int across) {
        final int d = Integer.bitCount(down);
        final int a = Integer.bitCount(across);
        return d == a ? downFirst : d < a;
    }

    boolean chain(boolean forDown, int stones) {
        final int r = board.rows();
        final int c = board.cols();
        final boolean[] seen = new boolean[board.cells()];
        final ArrayDeque<Integer> stack = new ArrayDeque<>();
        for (int k = 0; k < (forDown ? c : r); k++) {
            final int cell = forDown ? k : k * c;
            if ((stones & (1 << cell)) != 0) {
                seen[cell] = true;
                stack.push(cell);
            }
        }
        while (!stack.isEmpty()) {
            final int x = stack.pop();
            if (forDown ? x / c == r - 1 : x % c == c - 1) {
                return true;
            }
            for (int y = 0; y < board.cells(); y++) {
                if (!seen[y] && (stones & (1 << y)) != 0 && (board.neighbours(x) & (1 << y)) != 0) {
                    seen[y] = true;
                    stack.push(y);
                }
            }
        }
        return false;
    }

    /** Whether the mover wins. */
    boolean moverWins(int down, int across) {
        final long key = (long) down << 32 | across;
        final Boolean known = memo.get(key);
        if (known != null) {
            return known;
        }
        final boolean downMoves = downToMove(down, across);
        boolean wins = false;
        for (int x = 0; x < board.cells() && !wins; x++) {
            if (((down | across) & (1 << x)) != 0) {
                continue;
            }
            wins = cellWins(down, across, x, downMoves);
        }
        memo.put(key, wins);
        return wins;
    }

    boolean cellWins(int down, int across, int x, boolean downMoves) {
        if (downMoves) {
            final int nd = down | (1 << x);
            return chain(true, nd) || !moverWins(nd, across);
        }
        final int na = across | (1 << x);
        return chain(false, na) || !moverWins(down, na);
    }
}
