package org.gamecensus.kernel.hex;

import org.gamecensus.kernel.hex.HexBoard.Side;

/**
 * The two circuit move rules, scoring every empty cell:
 * <ul>
 *   <li><b>ratio</b>: put the mover's stone on x, solve both circuits, score
 *       R_opponent / R_mover (+∞ when x completes the mover's chain): two solves per cell;</li>
 *   <li><b>current</b>: solve both circuits as the board stands and score each empty cell by
 *       its current in Down's circuit plus its current in Across's: two solves per move.</li>
 * </ul>
 * A rule takes the highest score; scores within a relative 1e-9 are equal and the lowest cell
 * wins. Not thread-safe (one {@link HexCircuit} inside).
 */
public final class CircuitRules {

    static final double TIE = 1e-9;

    private final HexBoard board;

    private final HexCircuit circuit;

    private double downResistance = Double.NaN;

    private double acrossResistance = Double.NaN;

    private final double[] currents = new double[HexBoard.MAX_CELLS];

    public enum Rule {
        RATIO,
        CURRENT;

        public String label() {
            return this == RATIO ? "ratio" : "current";
        }
    }

    public CircuitRules(HexBoard board) {
        this.board = board;
        this.circuit = new HexCircuit(board);
    }

    public HexBoard board() {
        return board;
    }

    /** Fills {@code scores[x]} for every empty cell x under {@code rule}; other entries are left alone. */
    public void score(Rule rule, Side mover, int down, int across, double[] scores) {
        if (rule == Rule.RATIO) {
            ratioScores(mover, down, across, scores);
        } else {
            currentScores(down, across, scores);
        }
    }

    private void ratioScores(Side mover, int down, int across, double[] scores) {
        final int empty = board.all() & ~(down | across);
        final int own = mover == Side.DOWN ? down : across;
        final int opp = mover == Side.DOWN ? across : down;
        for (int rest = empty; rest != 0; rest &= rest - 1) {
            final int x = Integer.numberOfTrailingZeros(rest);
            final int withX = own | (1 << x);
            if (board.connects(mover, withX)) {
                scores[x] = Double.POSITIVE_INFINITY;
                continue;
            }
            final double rMover = circuit.resistance(mover, withX, opp);
            final double rOpp = circuit.resistance(mover.other(), opp, withX);
            scores[x] = rOpp / rMover;
        }
    }

    private void currentScores(int down, int across, double[] scores) {
        final int empty = board.all() & ~(down | across);
        for (int rest = empty; rest != 0; rest &= rest - 1) {
            scores[Integer.numberOfTrailingZeros(rest)] = 0.0;
        }
        downResistance = circuit.resistance(Side.DOWN, down, across);
        if (downResistance < Double.POSITIVE_INFINITY) {
            addEmpty(Side.DOWN, empty, scores);
        }
        acrossResistance = circuit.resistance(Side.ACROSS, across, down);
        if (acrossResistance < Double.POSITIVE_INFINITY) {
            addEmpty(Side.ACROSS, empty, scores);
        }
    }

    /** Solves both sides' circuits as the board stands, without currents (what the current rule solves first). */
    public void solveBoth(int down, int across) {
        downResistance = circuit.resistance(Side.DOWN, down, across);
        acrossResistance = circuit.resistance(Side.ACROSS, across, down);
    }

    /** Down's resistance in the position last scored by the current rule or {@link #solveBoth}. */
    public double downResistance() {
        return downResistance;
    }

    /** Across's resistance in the position last scored by the current rule or {@link #solveBoth}. */
    public double acrossResistance() {
        return acrossResistance;
    }

    private void addEmpty(Side side, int empty, double[] scores) {
        for (int x = 0; x < board.cells(); x++) {
            currents[x] = 0.0;
        }
        circuit.addCurrents(side, currents);
        for (int rest = empty; rest != 0; rest &= rest - 1) {
            final int x = Integer.numberOfTrailingZeros(rest);
            scores[x] += currents[x];
        }
    }

    /** Whether score a beats score b (ties within a relative 1e-9 do not). */
    static boolean beats(double a, double b) {
        if (a == b) {
            return false;
        }
        if (Double.isInfinite(a) || Double.isInfinite(b)) {
            return a > b;
        }
        return a - b > TIE * Math.max(Math.abs(a), Math.abs(b));
    }

    /** The rule's pick among {@code candidates}: the highest score, ties to the lowest cell. */
    public static int pick(double[] scores, int candidates) {
        int best = -1;
        for (int rest = candidates; rest != 0; rest &= rest - 1) {
            final int x = Integer.numberOfTrailingZeros(rest);
            if (best < 0 || beats(scores[x], scores[best])) {
                best = x;
            }
        }
        return best;
    }

    /** The 1-based rank of {@code cell} among {@code cells} ordered by score, ties to the lowest index. */
    public static int rank(double[] scores, int cells, int cell) {
        int r = 1;
        for (int rest = cells; rest != 0; rest &= rest - 1) {
            final int y = Integer.numberOfTrailingZeros(rest);
            if (y != cell && (beats(scores[y], scores[cell]) || (!beats(scores[cell], scores[y]) && y < cell))) {
                r++;
            }
        }
        return r;
    }

    /** The best (lowest) rank of any cell of {@code targets} among {@code cells}. */
    public static int bestRank(double[] scores, int cells, int targets) {
        int best = Integer.MAX_VALUE;
        for (int rest = targets; rest != 0; rest &= rest - 1) {
            best = Math.min(best, rank(scores, cells, Integer.numberOfTrailingZeros(rest)));
        }
        return best;
    }
}
