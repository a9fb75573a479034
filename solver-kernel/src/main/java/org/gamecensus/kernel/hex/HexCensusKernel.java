package org.gamecensus.kernel.hex;

import org.gamecensus.kernel.hex.CircuitRules.Rule;
import org.gamecensus.kernel.hex.HexBoard.Side;

/**
 * Every live position of a board with a given first player — stone counts that fit alternate
 * play, no completed chain — one slice at a time. Slice k fixes the states of the first
 * {@link #prefixCells()} cells to the base-3 digits of k and runs through the rest. For each
 * position: the exact verdict (winning cells from {@link HexExactSolver}) and, on winnable ones,
 * both circuit rules' picks and the Erdős–Selfridge potential's ({@link PotentialRule}, for the
 * mover against the opponent's sets), and on a miss the rank of the best-placed winning cell.
 */
public final class HexCensusKernel {

    @FunctionalInterface
    public interface Sink {
        void accept(HexPositionVerdict verdict);
    }

    private final HexBoard board;
    private final HexExactSolver solver;
    private final CircuitRules rules;
    private final int prefix;
    private final double[] ratio = new double[HexBoard.MAX_CELLS];
    private final double[] current = new double[HexBoard.MAX_CELLS];
    private final PotentialRule potential;
    private final long[] potentials = new long[HexBoard.MAX_CELLS];
    private final HexPositionVerdict verdict = new HexPositionVerdict();

    public HexCensusKernel(HexExactSolver solver) {
        this.board = solver.board();
        this.solver = solver;
        this.rules = new CircuitRules(board);
        this.potential = new PotentialRule(board);
        this.prefix = Math.min(4, board.cells());
    }

    /**
     * A kernel that only grades the rules against winning cells settled elsewhere (as the
     * benchmarks do): {@link #grade} works, {@link #decide} and {@link #decideSlice} do not.
     */
    public HexCensusKernel(HexBoard board) {
        this.board = board;
        this.solver = null;
        this.rules = new CircuitRules(board);
        this.potential = new PotentialRule(board);
        this.prefix = Math.min(4, board.cells());
    }

    /** Cells whose states define a slice. */
    public int prefixCells() {
        return prefix;
    }

    /** Number of slices: 3^prefix. */
    public int sliceCount() {
        return sliceCount(board);
    }

    /** Number of slices of a board's census: 3 to the number of prefix cells (at most four). */
    public static int sliceCount(HexBoard board) {
        int k = 1;
        for (int i = 0; i < Math.min(4, board.cells()); i++) {
            k *= 3;
        }
        return k;
    }

    public void decideSlice(int slice, Sink sink) {
        int pd = 0;
        int pa = 0;
        int s = slice;
        for (int i = 0; i < prefix; i++) {
            final int digit = s % 3;
            s /= 3;
            if (digit == 1) {
                pd |= 1 << i;
            } else if (digit == 2) {
                pa |= 1 << i;
            }
        }
        final int rest = board.all() & ~((1 << prefix) - 1);
        // Every split of the remaining cells into Down, Across and empty: subsets of subsets.
        for (int stones = rest; ; stones = (stones - 1) & rest) {
            for (int d = stones; ; d = (d - 1) & stones) {
                visit(pd | d, pa | (stones & ~d), sink);
                if (d == 0) {
                    break;
                }
            }
            if (stones == 0) {
                break;
            }
        }
    }

    private void visit(int down, int across, Sink sink) {
        final Side mover = solver.mover(down, across);
        if (mover == null || board.connects(Side.DOWN, down) || board.connects(Side.ACROSS, across)) {
            return;
        }
        sink.accept(decide(down, across));
    }

    /** The verdict for one live position. */
    public HexPositionVerdict decide(int down, int across) {
        if (solver == null) {
            throw new IllegalStateException("this kernel grades settled positions only (no exact solver)");
        }
        return grade(down, across, solver.mover(down, across), solver.winningCells(down, across));
    }

    /** The verdict for one live position whose winning cells for {@code toMove} are known. */
    public HexPositionVerdict grade(int down, int across, Side toMove, int winningMask) {
        final HexPositionVerdict v = verdict;
        v.set(down, across, toMove, winningMask);
        if (v.winnable) {
            rules.score(Rule.RATIO, v.toMove, down, across, ratio);
            rules.score(Rule.CURRENT, v.toMove, down, across, current);
            final int empty = board.all() & ~(down | across);
            v.grade(ratio, current, empty);
            v.gradePotential(potentials, potential.score(v.toMove, down, across, potentials), empty);
        }
        return v;
    }
}
