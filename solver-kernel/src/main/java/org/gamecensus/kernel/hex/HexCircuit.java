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
 * <p>Algorithm: nodal analysis — the conductance matrix of the cells reachable from a terminal
 * is symmetric positive definite; it is factorised by a skyline (envelope) Cholesky and solved
 * for the voltages. Nodes keep the cells' row-major order, so a node's neighbours lie at most
 * {@code cols} nodes away: row i of the factor is non-zero only from its first neighbour
 * {@code envelope[i]} on (the factor keeps the matrix's envelope), and the factorisation costs
 * O(n·cols²) instead of O(n³/6) — 4×5: about 250 multiply-adds instead of 1,333. The terms it
 * skips are exact zeros of the full factorisation, so its results are bit for bit those of the
 * dense one. All scratch space is allocated once; no allocation per solve. Not thread-safe.
 */
public final class HexCircuit {

    static final double WIRE = 1e-6;

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
    private int present;

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
        present = board.all() & ~opp;
        final int first = board.firstEdge(side);
        final int second = board.secondEdge(side);
        // Cells joined to a terminal; the rest carry no current and would make the matrix singular.
        final int fromFirst = board.reach(present & first, present);
        if ((fromFirst & second) == 0) {
            nodeCount = 0;
            return Double.POSITIVE_INFINITY;
        }
        final int live = fromFirst | board.reach(present & second, present);
        int m = 0;
        for (int x = 0; x < n; x++) {
            if ((live & (1 << x)) != 0) {
                nodeOf[x] = m;
                cellOf[m] = x;
                cellRes[x] = (own & (1 << x)) != 0 ? WIRE : 1.0;
                m++;
            } else {
                nodeOf[x] = -1;
            }
        }
        nodeCount = m;
        // The envelope of row i starts at its lowest neighbour: node order follows cell order.
        for (int i = 0; i < m; i++) {
            final int lower = board.neighbours(cellOf[i]) & live & ((1 << cellOf[i]) - 1);
            final int f = lower == 0 ? i : nodeOf[Integer.numberOfTrailingZeros(lower)];
            assert f <= i && i - f <= board.cols() : "a neighbour lies within cols nodes";
            envelope[i] = f;
            for (int k = f; k <= i; k++) {
                g[i * n + k] = 0.0;
            }
            rhs[i] = 0.0;
        }
        for (int i = 0; i < m; i++) {
            final int x = cellOf[i];
            final double rx = cellRes[x];
            for (int rest = board.neighbours(x) & live & ((1 << x) - 1); rest != 0; rest &= rest - 1) {
                final int y = Integer.numberOfTrailingZeros(rest);
                final double c = 1.0 / (rx + cellRes[y]);
                g[i * n + i] += c;
                g[i * n + nodeOf[y]] -= c;
            }
            for (int rest = board.neighbours(x) & live & ~((2 << x) - 1); rest != 0; rest &= rest - 1) {
                // Only the lower triangle is stored: an upper neighbour adds to the diagonal alone.
                g[i * n + i] += 1.0 / (rx + cellRes[Integer.numberOfTrailingZeros(rest)]);
            }
            if ((first & (1 << x)) != 0) {
                g[i * n + i] += 1.0 / rx;
                rhs[i] += 1.0 / rx; // terminal at 1 V
            }
            if ((second & (1 << x)) != 0) {
                g[i * n + i] += 1.0 / rx; // terminal at 0 V
            }
        }
        choleskySolve(m);
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
     * sum of |current| over every connection meeting the cell, terminal connections included.
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
                if (nodeOf[y] >= 0) {
                    sum += Math.abs(cellVolt[x] - cellVolt[y]) / (rx + cellRes[y]);
                }
            }
            if ((first & (1 << x)) != 0) {
                sum += Math.abs(1.0 - cellVolt[x]) / rx;
            }
            if ((second & (1 << x)) != 0) {
                sum += Math.abs(cellVolt[x]) / rx;
            }
            out[x] += 0.5 * sum;
        }
    }

    /**
     * Solves g·volt = rhs for the first m nodes by an in-place skyline Cholesky factorisation of
     * the lower triangle. Cases: row i's factor entries below {@code envelope[i]} are zero, so every
     * inner product starts at the later of the two rows' envelopes; a column j has entries only
     * in the rows i with envelope[i] ≤ j, all within cols rows of j (not every row there: cut-out
     * cells leave gaps); the sums run in ascending k, as in the dense factorisation.
     */
    private void choleskySolve(int m) {
        final int[] f = envelope;
        for (int j = 0; j < m; j++) {
            final int rowJ = j * n;
            double d = g[rowJ + j];
            for (int k = f[j]; k < j; k++) {
                d -= g[rowJ + k] * g[rowJ + k];
            }
            assert d > 0 : "the conductance matrix is positive definite";
            final double ljj = Math.sqrt(d);
            g[rowJ + j] = ljj;
            final int band = Math.min(m, j + board.cols() + 1);
            for (int i = j + 1; i < band; i++) {
                final int fi = f[i];
                if (fi > j) {
                    continue; // envelopes need not grow with i once cells are cut out: test each row
                }
                final int rowI = i * n;
                double s = g[rowI + j];
                for (int k = Math.max(fi, f[j]); k < j; k++) {
                    s -= g[rowI + k] * g[rowJ + k];
                }
                g[rowI + j] = s / ljj;
            }
        }
        for (int i = 0; i < m; i++) { // forward: L y = rhs
            final int rowI = i * n;
            double s = rhs[i];
            for (int k = f[i]; k < i; k++) {
                s -= g[rowI + k] * volt[k];
            }
            volt[i] = s / g[rowI + i];
        }
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
