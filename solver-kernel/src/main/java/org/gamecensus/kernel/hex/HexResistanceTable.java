package org.gamecensus.kernel.hex;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import org.gamecensus.kernel.hex.HexBoard.Side;

/**
 * Both circuits' resistances (Down's and Across's, as {@link HexCircuit} solves them) of every
 * position a census with a given first player can hold, each solved once and then read by every
 * parent: the ratio rule scores a cell by the child's R_opponent / R_mover, so a census that
 * keeps them solves two circuits a position instead of two per empty cell of every parent.
 *
 * <p>Index: a position with k stones, the first player holding ⌈k/2⌉ of them, is ranked by
 * its layer k, the colex rank of its stone set among the k-subsets of the cells, and the colex
 * rank of the first player's stones among the positions of that set: Σ_k C(n, k)·C(k, ⌈k/2⌉)
 * entries (10.2 M for 4×4, two doubles each: 163 MB), against 3^n (43 M) for a base-3 index.
 * Ranking costs one pass over the stones.
 *
 * <p>Entries start unknown (NaN; a solved resistance is finite or +∞, never NaN). Threads may
 * share a table: each entry is written with its final value, and read and written opaquely (no
 * torn doubles), so a race can only solve a circuit twice; a reader takes an entry as known only
 * when both of its values are.
 */
public final class HexResistanceTable {

    /** The most cells a table covers (the settled-position table's limit). */
    public static final int MAX_CELLS = HexExactSolver.TABLE_CELLS;

    private static final VarHandle ENTRY = MethodHandles.arrayElementVarHandle(double[].class);

    private final HexBoard board;
    private final Side first;
    private final int cells;
    /** C(n, k) for n, k ≤ cells. */
    private final int[][] binomial;
    /** The first rank of layer k. */
    private final int[] layerStart;
    /** Down's resistance at 2·rank, Across's at 2·rank + 1. */
    private final double[] resistances;

    public HexResistanceTable(HexBoard board, Side first) {
        if (board.cells() > MAX_CELLS) {
            throw new IllegalArgumentException(
                    "a resistance table holds boards of at most " + MAX_CELLS + " cells, not " + board.name());
        }
        this.board = board;
        this.first = first;
        this.cells = board.cells();
        this.binomial = new int[cells + 1][cells + 1];
        for (int n = 0; n <= cells; n++) {
            binomial[n][0] = 1;
            for (int k = 1; k <= n; k++) {
                binomial[n][k] = binomial[n - 1][k - 1] + binomial[n - 1][k];
            }
        }
        this.layerStart = new int[cells + 2];
        for (int k = 0; k <= cells; k++) {
            layerStart[k + 1] = layerStart[k] + binomial[cells][k] * binomial[k][(k + 1) / 2];
        }
        this.resistances = new double[2 * layerStart[cells + 1]];
        Arrays.fill(resistances, Double.NaN);
    }

    public HexBoard board() {
        return board;
    }

    public Side first() {
        return first;
    }

    /** Positions the table holds. */
    public int size() {
        return layerStart[cells + 1];
    }

    /**
     * The rank of a position whose first player holds ⌈k/2⌉ of its k stones: its layer's start,
     * plus the colex rank of its stone set times C(k, ⌈k/2⌉), plus the colex rank of the first
     * player's stones among the set's positions.
     */
    public int rank(int down, int across) {
        assert (down & across) == 0 && ((down | across) & ~board.all()) == 0 : "a position of the board";
        final int firsts = first == Side.DOWN ? down : across;
        final int stones = down | across;
        final int k = Integer.bitCount(stones);
        assert Integer.bitCount(firsts) == (k + 1) / 2 : "the first player holds the larger half";
        int set = 0;
        int within = 0;
        int i = 0;
        int t = 0;
        for (int rest = stones; rest != 0; rest &= rest - 1, i++) {
            final int x = Integer.numberOfTrailingZeros(rest);
            set += binomial[x][i + 1];
            if ((firsts & (1 << x)) != 0) {
                within += binomial[i][t + 1];
                t++;
            }
        }
        return layerStart[k] + set * binomial[k][(k + 1) / 2] + within;
    }

    /** Whether both resistances at {@code rank} are known. */
    public boolean known(int rank) {
        return !Double.isNaN((double) ENTRY.getOpaque(resistances, 2 * rank))
                && !Double.isNaN((double) ENTRY.getOpaque(resistances, 2 * rank + 1));
    }

    /** Down's resistance at {@code rank}; NaN until known. */
    public double down(int rank) {
        return (double) ENTRY.getOpaque(resistances, 2 * rank);
    }

    /** Across's resistance at {@code rank}; NaN until known. */
    public double across(int rank) {
        return (double) ENTRY.getOpaque(resistances, 2 * rank + 1);
    }

    /** Records both resistances at {@code rank} (the values every solve of the position gives). */
    public void store(int rank, double down, double across) {
        assert !Double.isNaN(down) && !Double.isNaN(across) : "a solved resistance is a number";
        ENTRY.setOpaque(resistances, 2 * rank, down);
        ENTRY.setOpaque(resistances, 2 * rank + 1, across);
    }
}
