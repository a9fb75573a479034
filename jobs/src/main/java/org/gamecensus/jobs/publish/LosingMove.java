package org.gamecensus.jobs.publish;

import org.gamecensus.kernel.hex.HexBoard;
import org.gamecensus.kernel.hex.HexBoard.Side;
import org.gamecensus.kernel.hex.HexExactSolver;

/**
 * Where a rule went wrong in a losing line: the first of its side's moves after which the
 * opponent, to move, can force a win (by the exact solve), and the opponent's reply that follows
 * in the line. The rule's side wins the empty board, so until that move every position leaves it
 * a win; the opponent's moves cannot lose it one. Not thread-safe: one per drawing of figures.
 */
final class LosingMove {

    /** Move indexes (0-based) into a line; -1 when the line has none (the rule never held a win). */
    record Marks(int losing, int refutation) {}

    /**
     * The solver of the board and first player asked last, kept for the next line, which is
     * usually of the same (the figures ask board by board): one at a time, since a board over
     * {@link HexExactSolver#TABLE_CELLS} cells has a 512 MB cache.
     */
    private String solved;

    private HexExactSolver solver;

    Marks find(HexBoard board, Side first, Side rule, int[] line) {
        final String key = board.name() + "/" + first;
        if (!key.equals(solved)) {
            solved = null; // should the next one fail, nothing stale is kept
            solver = null; // garbage before the next one is made
            solver = HexExactSolver.of(board, first);
            solved = key;
        }
        int down = 0;
        int across = 0;
        for (int i = 0; i + 1 < line.length; i++) {
            final Side mover = solver.mover(down, across);
            if (mover == Side.DOWN) {
                down |= 1 << line[i];
            } else {
                across |= 1 << line[i];
            }
            if (board.connects(Side.DOWN, down) || board.connects(Side.ACROSS, across)) {
                break; // a chain: the line is over
            }
            if (mover == rule && solver.winnable(down, across)) {
                return new Marks(i, i + 1);
            }
        }
        return new Marks(-1, -1);
    }
}
