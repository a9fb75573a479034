package org.gamecensus.kernel.hex;

import java.util.ArrayList;
import java.util.List;
import org.gamecensus.kernel.hex.HexBoard.Side;

/**
 * Test oracle for {@link CommittedAdversary}: the rules' scores from {@link DenseHexCircuit}
 * (dense Cholesky), the reply table and the fixed order built by sorting, and the check by plain
 * recursion without memo. Small boards only.
 */
final class PlainCommittedDefender {

    private final HexBoard board;
    private final DenseHexCircuit circuit;
    private final PlainHexMinimax chains;
    private final boolean ratio;
    private final boolean circuitFallback;
    private final Side side;
    private final Side first;
    private final int[] table;
    private final List<Integer> order = new ArrayList<>();

    PlainCommittedDefender(HexBoard board, Side first, Side side, boolean ratio, boolean circuitFallback) {
        this.board = board;
        this.circuit = new DenseHexCircuit(board);
        this.chains = new PlainHexMinimax(board, first == Side.DOWN);
        this.ratio = ratio;
        this.circuitFallback = circuitFallback;
        this.side = side;
        this.first = first;
        this.table = new int[board.cells()];
    }

    private boolean isDown(Side s) {
        return s == Side.DOWN;
    }

    /** The rule's score of every cell for W (NaN on stones). */
    double[] scores(int down, int across) {
        final int n = board.cells();
        final double[] s = new double[n];
        final int own = isDown(side) ? down : across;
        final int opp = isDown(side) ? across : down;
        final double[] downCurrents = new double[n];
        final double[] acrossCurrents = new double[n];
        if (!ratio) {
            // Each side's circuit adds its currents, where it has a route.
            circuit.resistance(Side.DOWN, down, across, downCurrents);
            circuit.resistance(Side.ACROSS, across, down, acrossCurrents);
        }
        for (int x = 0; x < n; x++) {
            if (((down | across) & (1 << x)) != 0) {
                s[x] = Double.NaN;
            } else if (ratio) {
                final int withX = own | (1 << x);
                if (chains.chain(isDown(side), withX)) {
                    s[x] = Double.POSITIVE_INFINITY;
                } else {
                    final double mine = circuit.resistance(side, withX, opp, new double[n]);
                    final double theirs = circuit.resistance(side.other(), opp, withX, new double[n]);
                    s[x] = theirs / mine;
                }
            } else {
                s[x] = downCurrents[x] + acrossCurrents[x];
            }
        }
        return s;
    }

    /** Whether a beats b: higher, beyond a relative 1e-9 (the rules' definition of a tie). */
    private static boolean beats(double a, double b) {
        if (a == b) {
            return false;
        }
        if (Double.isInfinite(a) || Double.isInfinite(b)) {
            return a > b;
        }
        return a - b > 1e-9 * Math.max(Math.abs(a), Math.abs(b));
    }

    /** The running rule's choice: the first empty cell that no later one beats. */
    int running(int down, int across) {
        final double[] s = scores(down, across);
        int best = -1;
        for (int x = 0; x < board.cells(); x++) {
            if (!Double.isNaN(s[x]) && (best < 0 || beats(s[x], s[best]))) {
                best = x;
            }
        }
        return best;
    }

    /** The verdict, and in {@code lost} the first losing line found (cells from the empty board). */
    boolean holds(List<Integer> lost) {
        int down = 0;
        int across = 0;
        final List<Integer> line = new ArrayList<>();
        if (side == first) {
            final int x0 = running(0, 0);
            line.add(x0);
            if (isDown(side)) {
                down |= 1 << x0;
            } else {
                across |= 1 << x0;
            }
        }
        final double[] s = scores(down, across);
        final List<Integer> cells = new ArrayList<>();
        for (int x = 0; x < board.cells(); x++) {
            if (((down | across) & (1 << x)) == 0) {
                table[x] = isDown(side) ? running(down, across | (1 << x)) : running(down | (1 << x), across);
                cells.add(x);
            }
        }
        // Best first; among cells no better than each other, the lower first.
        while (!cells.isEmpty()) {
            int best = cells.get(0);
            for (int x : cells) {
                if (beats(s[x], s[best])) {
                    best = x;
                }
            }
            order.add(best);
            cells.remove(Integer.valueOf(best));
        }
        return opponent(down, across, line, lost);
    }

    private boolean opponent(int down, int across, List<Integer> line, List<Integer> lost) {
        for (int x = 0; x < board.cells(); x++) {
            if (((down | across) & (1 << x)) != 0) {
                continue;
            }
            final int od = isDown(side) ? down : down | (1 << x);
            final int oa = isDown(side) ? across | (1 << x) : across;
            line.add(x);
            boolean held;
            if (chains.chain(!isDown(side), isDown(side) ? oa : od)) {
                held = false;
                if (lost.isEmpty()) {
                    lost.addAll(line);
                }
            } else {
                int y = table[x];
                if (((od | oa) & (1 << y)) != 0) {
                    if (circuitFallback) {
                        y = running(od, oa);
                    } else {
                        y = -1;
                        for (int c : order) {
                            if (((od | oa) & (1 << c)) == 0) {
                                y = c;
                                break;
                            }
                        }
                    }
                }
                final int wd = isDown(side) ? od | (1 << y) : od;
                final int wa = isDown(side) ? oa : oa | (1 << y);
                line.add(y);
                held = chains.chain(isDown(side), isDown(side) ? wd : wa) || opponent(wd, wa, line, lost);
                line.remove(line.size() - 1);
            }
            line.remove(line.size() - 1);
            if (!held) {
                return false;
            }
        }
        return true;
    }
}
