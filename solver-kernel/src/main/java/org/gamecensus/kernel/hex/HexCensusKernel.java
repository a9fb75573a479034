package org.gamecensus.kernel.hex;

import org.gamecensus.kernel.hex.CircuitRules.Rule;
import org.gamecensus.kernel.hex.HexBoard.Side;

/**
 * Every live position of a board with a given first player — stone counts that fit alternate
 * play, no completed chain — one slice at a time. Slice k runs through the positions whose first
 * {@link #prefixCells()} cells hold the base-3 digits of k and emits those that are no larger
 * than their half-turn, each with its half-turn (below). For each
 * position: the exact verdict (winning cells from {@link HexExactSolver}) and, on winnable ones,
 * both circuit rules' picks and the Erdős–Selfridge potential's ({@link PotentialRule}, for the
 * mover against the opponent's sets), and on a miss the rank of the best-placed winning cell.
 *
 * <p>With a {@link HexResistanceTable}, each position's two circuit resistances are solved once
 * and read by all its parents: the ratio rule's score of a cell x is the child's R_opponent /
 * R_mover, so a parent reads its children's entries instead of solving two circuits per empty
 * cell. A winnable position stores the resistances its current rule solves; a child no one has
 * solved yet is solved on first read. The values are those of {@link CircuitRules}'s own solves,
 * bit for bit. A census then costs two solves (with currents) a winnable position and two a lost
 * one, against two per empty cell and two more without the table.
 *
 * <p>A position and its half-turn share their verdict: the slice of the one with the smaller
 * pair of masks decides it and emits both rows ({@link #visit}), so half of the positions cost
 * only the mapping of their scores. Every live position is emitted once, by one slice.
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
    /** The potential rule's tied cells in the position last graded. */
    private int tied;
    /** The scores of the position last graded, carried to its half-turn (ratio, current, potential). */
    private final double[] turnedRatio = new double[HexBoard.MAX_CELLS];

    private final double[] turnedCurrent = new double[HexBoard.MAX_CELLS];
    private final long[] turnedPotentials = new long[HexBoard.MAX_CELLS];
    private final HexPositionVerdict verdict = new HexPositionVerdict();
    /** Both circuits' resistances of every position, shared; null: every child solved directly. */
    private final HexResistanceTable resistances;
    /** Solves the children the table does not hold yet. */
    private final HexCircuit circuit;

    /** A kernel that solves each child's circuits where it needs them (for positions one at a time). */
    public HexCensusKernel(HexExactSolver solver) {
        this(solver, null);
    }

    /**
     * A kernel whose slices read and fill {@code resistances} (of the solver's board and first
     * player; null: none).
     */
    public HexCensusKernel(HexExactSolver solver, HexResistanceTable resistances) {
        if (resistances != null
                && (!resistances.board().name().equals(solver.board().name())
                        || resistances.first() != solver.first())) {
            throw new IllegalArgumentException(
                    "a resistance table of " + resistances.board().name() + ", "
                            + resistances.first().label() + " first, for a census of "
                            + solver.board().name() + ", "
                            + solver.first().label() + " first");
        }
        this.board = solver.board();
        this.solver = solver;
        this.rules = new CircuitRules(board);
        this.potential = new PotentialRule(board);
        this.prefix = Math.min(4, board.cells());
        this.resistances = resistances;
        this.circuit = new HexCircuit(board);
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
        this.resistances = null;
        this.circuit = null;
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

    /**
     * One position of the slice. Cases, with T the position's half-turn (cell x to cells − 1 − x):
     * <ul>
     *   <li>dead (counts unfit, or a chain complete): no row;</li>
     *   <li>T has the smaller pair of masks: no row here, T's slice emits both;</li>
     *   <li>T is the position itself: its own row;</li>
     *   <li>otherwise: its row, then T's, mapped from it: T's winning cells and scores are the
     *       position's carried by the half-turn (the exact value is a property of the game, the
     *       circuits are solved in one orientation for both, {@link HexCircuit}, and the
     *       potentials are integers), and T's picks and ranks are graded from them under its own
     *       cell numbers, so the row is the one T's own grading would give.</li>
     * </ul>
     */
    private void visit(int down, int across, Sink sink) {
        final Side mover = solver.mover(down, across);
        if (mover == null || board.connects(Side.DOWN, down) || board.connects(Side.ACROSS, across)) {
            return;
        }
        final int turnedDown = board.turn(down);
        final int turnedAcross = board.turn(across);
        final long key = ((long) down << 32) | across;
        final long turnedKey = ((long) turnedDown << 32) | turnedAcross;
        if (turnedKey < key) {
            return;
        }
        final int wins = solver.winningCells(down, across);
        final HexPositionVerdict v =
                resistances == null ? grade(down, across, mover, wins) : gradeFromTable(down, across, mover, wins);
        sink.accept(v);
        if (turnedKey == key) {
            return;
        }
        final int empty = board.all() & ~(down | across);
        v.set(turnedDown, turnedAcross, mover, board.turn(wins));
        if (v.winnable) {
            final int n = board.cells();
            for (int rest = empty; rest != 0; rest &= rest - 1) {
                final int x = Integer.numberOfTrailingZeros(rest);
                turnedRatio[n - 1 - x] = ratio[x];
                turnedCurrent[n - 1 - x] = current[x];
                turnedPotentials[n - 1 - x] = potentials[x];
            }
            final int turnedEmpty = board.turn(empty);
            v.grade(turnedRatio, turnedCurrent, turnedEmpty);
            v.gradePotential(turnedPotentials, board.turn(tied), turnedEmpty);
        }
        sink.accept(v);
    }

    /** Stores a position's resistances for it and its half-turn (one circuit, the same bits). */
    private void storeBoth(int down, int across, double rDown, double rAcross) {
        resistances.store(resistances.rank(down, across), rDown, rAcross);
        resistances.store(resistances.rank(board.turn(down), board.turn(across)), rDown, rAcross);
    }

    /**
     * {@link #grade} with the ratio scores read from the resistance table: the current rule's
     * solves of this position are stored for its parents, and each child's are read or solved once.
     */
    private HexPositionVerdict gradeFromTable(int down, int across, Side toMove, int winningMask) {
        final HexPositionVerdict v = verdict;
        v.set(down, across, toMove, winningMask);
        if (v.winnable) {
            final int empty = board.all() & ~(down | across);
            rules.score(Rule.CURRENT, v.toMove, down, across, current);
            storeBoth(down, across, rules.downResistance(), rules.acrossResistance());
            childRatios(v.toMove, down, across, empty);
            v.grade(ratio, current, empty);
            tied = potential.score(v.toMove, down, across, potentials);
            v.gradePotential(potentials, tied, empty);
        }
        return v;
    }

    /**
     * The ratio rule's score of every empty cell x: +∞ when x completes the mover's chain, else
     * the child's R_opponent / R_mover, read from the table or, the first time, solved into it.
     */
    private void childRatios(Side mover, int down, int across, int empty) {
        final boolean downMoves = mover == Side.DOWN;
        final int own = downMoves ? down : across;
        for (int rest = empty; rest != 0; rest &= rest - 1) {
            final int x = Integer.numberOfTrailingZeros(rest);
            final int bit = 1 << x;
            if (board.connects(mover, own | bit)) {
                ratio[x] = Double.POSITIVE_INFINITY;
                continue;
            }
            final int childDown = downMoves ? down | bit : down;
            final int childAcross = downMoves ? across : across | bit;
            final int child = resistances.rank(childDown, childAcross);
            final double rDown;
            final double rAcross;
            if (resistances.known(child)) {
                rDown = resistances.down(child);
                rAcross = resistances.across(child);
            } else {
                rDown = circuit.resistance(Side.DOWN, childDown, childAcross);
                rAcross = circuit.resistance(Side.ACROSS, childAcross, childDown);
                storeBoth(childDown, childAcross, rDown, rAcross);
            }
            ratio[x] = downMoves ? rAcross / rDown : rDown / rAcross;
        }
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
            tied = potential.score(v.toMove, down, across, potentials);
            v.gradePotential(potentials, tied, empty);
        }
        return v;
    }
}
