package org.gamecensus.kernel.hex;

import org.gamecensus.kernel.hex.HexBoard.Side;

/**
 * The circuit of {@link HexCircuit} solved the plain way — the whole n×n conductance matrix
 * built and factorised by a dense Cholesky — for tests: the skyline factorisation must give the
 * same resistances and currents, bit for bit.
 */
final class DenseHexCircuit {

    private final HexBoard board;
    private final int n;

    DenseHexCircuit(HexBoard board) {
        this.board = board;
        this.n = board.cells();
    }

    /** The resistance, and in {@code currents} (when finite) the current through every cell. */
    double resistance(Side side, int own, int opp, double[] currents) {
        final int present = board.all() & ~opp;
        final int first = board.firstEdge(side);
        final int second = board.secondEdge(side);
        final int fromFirst = board.reach(present & first, present);
        if ((fromFirst & second) == 0) {
            return Double.POSITIVE_INFINITY;
        }
        final int live = fromFirst | board.reach(present & second, present);
        final int[] nodeOf = new int[n];
        final int[] cellOf = new int[n];
        final double[] res = new double[n];
        int m = 0;
        for (int x = 0; x < n; x++) {
            nodeOf[x] = -1;
            if ((live & (1 << x)) != 0) {
                nodeOf[x] = m;
                cellOf[m++] = x;
                res[x] = (own & (1 << x)) != 0 ? HexCircuit.WIRE : 1.0;
            }
        }
        final double[][] g = new double[m][m];
        final double[] rhs = new double[m];
        for (int i = 0; i < m; i++) {
            final int x = cellOf[i];
            for (int rest = board.neighbours(x) & live; rest != 0; rest &= rest - 1) {
                final int y = Integer.numberOfTrailingZeros(rest);
                final double c = 1.0 / (res[x] + res[y]);
                g[i][i] += c;
                g[i][nodeOf[y]] -= c;
            }
            if ((first & (1 << x)) != 0) {
                g[i][i] += 1.0 / res[x];
                rhs[i] += 1.0 / res[x];
            }
            if ((second & (1 << x)) != 0) {
                g[i][i] += 1.0 / res[x];
            }
        }
        for (int j = 0; j < m; j++) {
            double d = g[j][j];
            for (int k = 0; k < j; k++) {
                d -= g[j][k] * g[j][k];
            }
            g[j][j] = Math.sqrt(d);
            for (int i = j + 1; i < m; i++) {
                double s = g[i][j];
                for (int k = 0; k < j; k++) {
                    s -= g[i][k] * g[j][k];
                }
                g[i][j] = s / g[j][j];
            }
        }
        final double[] v = new double[m];
        for (int i = 0; i < m; i++) {
            double s = rhs[i];
            for (int k = 0; k < i; k++) {
                s -= g[i][k] * v[k];
            }
            v[i] = s / g[i][i];
        }
        for (int i = m - 1; i >= 0; i--) {
            double s = v[i];
            for (int k = i + 1; k < m; k++) {
                s -= g[k][i] * v[k];
            }
            v[i] = s / g[i][i];
        }
        double current = 0.0;
        for (int i = 0; i < m; i++) {
            if ((first & (1 << cellOf[i])) != 0) {
                current += (1.0 - v[i]) / res[cellOf[i]];
            }
        }
        for (int i = 0; i < m; i++) {
            final int x = cellOf[i];
            double sum = 0.0;
            for (int rest = board.neighbours(x); rest != 0; rest &= rest - 1) {
                final int y = Integer.numberOfTrailingZeros(rest);
                if (nodeOf[y] >= 0) {
                    sum += Math.abs(v[i] - v[nodeOf[y]]) / (res[x] + res[y]);
                }
            }
            if ((first & (1 << x)) != 0) {
                sum += Math.abs(1.0 - v[i]) / res[x];
            }
            if ((second & (1 << x)) != 0) {
                sum += Math.abs(v[i]) / res[x];
            }
            currents[x] += 0.5 * sum;
        }
        return 1.0 / current;
    }
}
