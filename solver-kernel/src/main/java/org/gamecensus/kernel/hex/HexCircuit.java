package org.gamecensus.kernel.hex;

import org.gamecensus.kernel.hex.HexBoard.Side;

/**
 * The resistor network of one player (Shannon and Moore's Hex machine, as the census models it):
 * nodes are the cells without an opponent stone; a cell's resistance is 1 when empty and 1e-6
 * for the player's own stone (a wire); neighbouring cells are joined by R_i + R_j; each of the
 * player's edges is a terminal joined to every present cell along it by R_i; the terminals are
 * held at 1 V and 0 V. Infinite resistance (no route) is decided by connectivity, never by the
 * solve.
 *
 * <p>Algorithm: nodal analysis — the conductance matrix of the cells joined to the first
 * terminal (the only ones that carry current) is symmetric positive definite; it is factorised by a skyline (envelope) Cholesky and solved
 * for the voltages. Nodes keep the cells' row-major order, so a node's neighbours lie at most
 * {@code cols} nodes away: row i of the factor is non-zero only from its first neighbour
 * {@code envelope[i]} on (the factor keeps the matrix's envelope), and the factorisation costs
 * O(n·cols²) instead of O(n³/6) — 4×5: about 250 multiply-adds instead of 1,333. The terms it
 * skips are exact zeros of the full factorisation, so its results are bit for bit those of the
 * dense one. All scratch space is allocated once; no allocation per solve. Not thread-safe.
 *
 * <p>Orientation: a position and its half-turn (cell x to cells − 1 − x, which maps each
 * player's edges onto each other) have the same circuit, cell for cell; floating point would
 * still round the two solves differently. Each circuit is solved in the orientation whose stone
 * masks are the smaller pair, and its currents are mapped back, so the two get the same bits
 * and a census may grade one of them and map its scores onto the other.
 */
public final class HexCircuit {

    static final double WIRE = 1e-6;

    /**
     * The conductance between two neighbouring cells, by how many of them are wires (0, 1, 2):
     * 1 / (R_i + R_j) for the two resistances a cell can have, the very quotients a solve would
     * compute, so a lookup gives the same bits as the division.
     */
    private static final double[] PAIR = {1.0 / (1.0 + 1.0), 1.0 / (1.0 + WIRE), 1.0 / (WIRE + WIRE)};

    /** The conductance between a cell and its terminal, by whether the cell is a wire: 1 / R_i. */
    private static final double[] TERMINAL = {1.0 / 1.0, 1.0 / WIRE};

    private final HexBoard board;
    private final int n;
    private final double[] g; // conductance matrix, n×n, row-major (only the first m×m used)
    private final double[] rhs;
    private final double[] volt; // per node
    private final double[] cellVolt;
    private final double[] cellRes;
    private final int[] nodeOf;
    private final int[] cellOf;
    private final int[] envelope; // per node: its lowest-numbered neighbour node (or itself), the envelope's start
    private int nodeCount;
    /** Whether the circuit last solved is the position's half-turn. */
    private boolean turned;

    /** The cells of the circuit last solved. */
    private int liveCells;

    public HexCircuit(HexBoard board) {
        this.board = board;
        this.n = board.cells();
        this.g = new double[n * n];
        this.rhs = new double[n];
        this.volt = new double[n];
        this.cellVolt = new double[n];
        this.cellRes = new double[n];
        this.nodeOf = new int[n];
        this.cellOf = new int[n];
        this.envelope = new int[n];
    }

    /**
     * The resistance of {@code side}'s circuit with its own stones {@code own} and the opponent's
     * {@code opp}; {@link Double#POSITIVE_INFINITY} when no route joins its edges. Leaves the
     * voltages in place for {@link #addCurrents}.
     */
    public double resistance(Side side, int own, int opp) {
        final int turnedOwn = board.turn(own);
        final int turnedOpp = board.turn(opp);
        turned = (((long) turnedOwn << 32) | turnedOpp) < (((long) own << 32) | opp);
        return turned ? solve(side, turnedOwn, turnedOpp) : solve(side, own, opp);
    }

    /** {@link #resistance} in the orientation given. */
    private double solve(Side side, int own, int opp) {
        final int present = board.all() & ~opp;
        final int first = board.firstEdge(side);
        final int second = board.secondEdge(side);
        // The cells joined to the first terminal. Cells joined only to the second carry no current:
        // their block of the matrix is apart from this one, and the factorisation of this block
        // is bit for bit the same without them (tested against the dense solve, which keeps them).
        final int live = board.reach(present & first, present);
        if ((live & second) == 0) {
            nodeCount = 0;
            return Double.POSITIVE_INFINITY;
        }
        liveCells = live;
        final int wires = own & live;
        // One pass over the nodes in cell order: node i's row of the lower triangle only needs the
        // nodes of its lower neighbours, numbered before it. The envelope of row i starts at its
        // lowest neighbour.
        int m = 0;
        for (int cells = live; cells != 0; cells &= cells - 1) {
            final int x = Integer.numberOfTrailingZeros(cells);
            final int i = m++;
            nodeOf[x] = i;
            cellOf[i] = x;
            final int wx = (wires >>> x) & 1;
            cellRes[x] = wx != 0 ? WIRE : 1.0;
            final int row = i * n;
            final int neighbours = board.neighbours(x) & live;
            final int lower = neighbours & ((1 << x) - 1);
            final int f = lower == 0 ? i : nodeOf[Integer.numberOfTrailingZeros(lower)];
            assert f <= i && i - f <= board.cols() : "a neighbour lies within cols nodes";
            envelope[i] = f;
            for (int k = f; k < i; k++) {
                g[row + k] = 0.0;
            }
            double diagonal = 0.0;
            for (int rest = lower; rest != 0; rest &= rest - 1) {
                final int y = Integer.numberOfTrailingZeros(rest);
                final double c = PAIR[wx + ((wires >>> y) & 1)];
                diagonal += c;
                g[row + nodeOf[y]] -= c;
            }
            for (int rest = neighbours & ~((2 << x) - 1); rest != 0; rest &= rest - 1) {
                // Only the lower triangle is stored: an upper neighbour adds to the diagonal alone.
                diagonal += PAIR[wx + ((wires >>> Integer.numberOfTrailingZeros(rest)) & 1)];
            }
            double source = 0.0;
            if ((first & (1 << x)) != 0) {
                diagonal += TERMINAL[wx];
                source += TERMINAL[wx]; // terminal at 1 V
            }
            if ((second & (1 << x)) != 0) {
                diagonal += TERMINAL[wx]; // terminal at 0 V
            }
            g[row + i] = diagonal;
            rhs[i] = source;
            factorRow(i);
        }
        nodeCount = m;
        backSubstitute(m);
        double current = 0.0;
        for (int i = 0; i < m; i++) {
            final int x = cellOf[i];
            cellVolt[x] = volt[i];
            if ((first & (1 << x)) != 0) {
                current += (1.0 - volt[i]) / cellRes[x];
            }
        }
        assert current > 0 : "a connected circuit carries current";
        return 1.0 / current;
    }

    /**
     * Adds to {@code out[cell]} the current through each cell in the circuit last solved: half the
     * sum of |current| over every connection meeting the cell, terminal connections included
     * (solved in the other orientation, each cell's current goes to its half-turn image).
     */
    public void addCurrents(Side side, double[] out) {
        final int first = board.firstEdge(side);
        final int second = board.secondEdge(side);
        for (int i = 0; i < nodeCount; i++) {
            final int x = cellOf[i];
            final double rx = cellRes[x];
            double sum = 0.0;
            for (int rest = board.neighbours(x); rest != 0; rest &= rest - 1) {
                final int y = Integer.numberOfTrailingZeros(rest);
                if ((liveCells & (1 << y)) != 0) {
                    sum += Math.abs(cellVolt[x] - cellVolt[y]) / (rx + cellRes[y]);
                }
            }
            if ((first & (1 << x)) != 0) {
                sum += Math.abs(1.0 - cellVolt[x]) / rx;
            }
            if ((second & (1 << x)) != 0) {
                sum += Math.abs(cellVolt[x]) / rx;
            }
            out[turned ? n - 1 - x : x] += 0.5 * sum;
        }
    }

    /**
     * Row i of the skyline Cholesky factor of the lower triangle, in place, and the forward
     * substitution's y_i (in {@code volt}); rows above i are done, and row i of the matrix is
     * built. Cases: row i's entries below {@code envelope[i]} are zero in the factor too, so row
     * i runs over its envelope only, and each inner product starts at the later of the two rows'
     * envelopes; the sums run in ascending k and each entry sees the operations of the dense
     * factorisation in its order, so the factor is bit for bit the dense one.
     */
    private void factorRow(int i) {
        final int[] f = envelope;
        final int fi = f[i];
        final int rowI = i * n;
        for (int j = fi; j < i; j++) {
            final int rowJ = j * n;
            double s = g[rowI + j];
            for (int k = Math.max(fi, f[j]); k < j; k++) {
                s -= g[rowI + k] * g[rowJ + k];
            }
            g[rowI + j] = s / g[rowJ + j];
        }
        double d = g[rowI + i];
        for (int k = fi; k < i; k++) {
            d -= g[rowI + k] * g[rowI + k];
        }
        assert d > 0 : "the conductance matrix is positive definite";
        g[rowI + i] = Math.sqrt(d);
        double y = rhs[i];
        for (int k = fi; k < i; k++) {
            y -= g[rowI + k] * volt[k];
        }
        volt[i] = y / g[rowI + i];
    }

    /**
     * Solves Lᵀ·volt = y for the first m nodes, y in {@code volt} ({@link #factorRow}): a column k
     * of the factor has entries only in the rows whose envelope starts at or before it, all
     * within cols rows.
     */
    private void backSubstitute(int m) {
        final int[] f = envelope;
        for (int i = m - 1; i >= 0; i--) { // backward: Lᵀ v = y
            double s = volt[i];
            final int band = Math.min(m, i + board.cols() + 1);
            for (int k = i + 1; k < band; k++) {
                if (f[k] <= i) {
                    s -= g[k * n + i] * volt[k];
                }
            }
            volt[i] = s / g[i * n + i];
        }
    }
}
