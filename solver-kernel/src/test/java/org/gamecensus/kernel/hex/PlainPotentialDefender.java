package org.gamecensus.kernel.hex;

import java.util.ArrayList;
import java.util.List;

/**
 * Test oracle for {@link WinningSets}, {@link PotentialRule} and {@link PotentialAdversary}: the
 * opponent's minimal winning sets by brute force over every set of cells ({@link PlainHexMinimax}'s
 * chain test), potentials as exact sums of fractions over a common denominator, and the check
 * by plain recursion without memo. Small boards only.
 */
final class PlainPotentialDefender {

    private final HexBoard board;
    private final PlainHexMinimax chains;
    private final boolean downFirst;
    private final boolean defenderIsDown;
    private final String ties;
    private final List<Integer> sets;

    /** {@code ties}: lowest, defender-best or opponent-pick. */
    PlainPotentialDefender(HexBoard board, boolean downFirst, boolean defenderIsDown, String ties) {
        this.board = board;
        this.chains = new PlainHexMinimax(board, downFirst);
        this.downFirst = downFirst;
        this.defenderIsDown = defenderIsDown;
        this.ties = ties;
        this.sets = minimalSets(board, !defenderIsDown);
    }

    /** Every inclusion-minimal set of cells holding a chain of {@code forDown}'s, by brute force. */
    static List<Integer> minimalSets(HexBoard board, boolean forDown) {
        final PlainHexMinimax chains = new PlainHexMinimax(board, true);
        final List<Integer> out = new ArrayList<>();
        for (int s = 1; s < 1 << board.cells(); s++) {
            if (!chains.chain(forDown, s)) {
                continue;
            }
            boolean minimal = true;
            for (int x = 0; x < board.cells() && minimal; x++) {
                if ((s & (1 << x)) != 0 && chains.chain(forDown, s & ~(1 << x))) {
                    minimal = false;
                }
            }
            if (minimal) {
                out.add(s);
            }
        }
        return out;
    }

    /** The cells of highest potential for the defender, in increasing order. */
    List<Integer> tied(int down, int across) {
        return highest(potentials(down, across), down | across);
    }

    /** Each cell's potential for the defender over the common denominator 2^cells (0 on stones). */
    long[] potentials(int down, int across) {
        final int own = defenderIsDown ? down : across;
        final int n = board.cells();
        final long[] potential = new long[n];
        for (int s : sets) {
            if ((s & own) != 0) {
                continue;
            }
            int emptyCells = 0;
            for (int x = 0; x < n; x++) {
                if ((s & (1 << x)) != 0 && ((down | across) & (1 << x)) == 0) {
                    emptyCells++;
                }
            }
            for (int x = 0; x < n; x++) {
                if ((s & (1 << x)) != 0 && ((down | across) & (1 << x)) == 0) {
                    potential[x] += 1L << (n - emptyCells); // 2^-e over the denominator 2^-n
                }
            }
        }
        return potential;
    }

    private List<Integer> highest(long[] potential, int stones) {
        long best = -1;
        final List<Integer> out = new ArrayList<>();
        for (int x = 0; x < board.cells(); x++) {
            if ((stones & (1 << x)) != 0) {
                continue;
            }
            if (potential[x] > best) {
                best = potential[x];
                out.clear();
            }
            if (potential[x] == best) {
                out.add(x);
            }
        }
        return out;
    }

    /** Whether the defender, to play from the empty board, completes its chain on every line. */
    boolean holds() {
        return holds(0, 0, new ArrayList<>(), null);
    }

    /** As {@link #holds()}; under lowest ties, the first losing line (the lowest refutation at each turn) goes to {@code lost}. */
    boolean holds(int down, int across, List<Integer> line, List<Integer> lost) {
        final boolean downMoves = chains.downToMove(down, across);
        if (downMoves == defenderIsDown) {
            final List<Integer> tied = tied(down, across);
            final List<Integer> tried = ties.equals("lowest") ? tied.subList(0, 1) : tied;
            boolean any = false;
            boolean all = true;
            for (int x : tried) {
                final int nd = defenderIsDown ? down | (1 << x) : down;
                final int na = defenderIsDown ? across : across | (1 << x);
                line.add(x);
                final boolean won = chains.chain(defenderIsDown, defenderIsDown ? nd : na) || holds(nd, na, line, lost);
                line.remove(line.size() - 1);
                any |= won;
                all &= won;
            }
            return ties.equals("opponent-pick") ? all : any;
        }
        for (int y = 0; y < board.cells(); y++) {
            if (((down | across) & (1 << y)) != 0) {
                continue;
            }
            final int nd = defenderIsDown ? down : down | (1 << y);
            final int na = defenderIsDown ? across | (1 << y) : across;
            line.add(y);
            final boolean refuted = chains.chain(!defenderIsDown, defenderIsDown ? na : nd);
            final boolean held = !refuted && holds(nd, na, line, lost);
            if (!held && lost != null && lost.isEmpty() && refuted) {
                lost.addAll(line);
            }
            line.remove(line.size() - 1);
            if (!held) {
                return false;
            }
        }
        return true;
    }

    boolean downFirst() {
        return downFirst;
    }
}
