package org.gamecensus.kernel.hex;

import org.gamecensus.kernel.hex.HexBoard.Side;

/**
 * The tables one census fills as it goes — the settled positions ({@link HexExactSolver}) and
 * both circuits' resistances ({@link HexResistanceTable}) — shared by the tasks a JVM runs for
 * that census, and built afresh for the next one. A census is named by an id its tasks carry, so
 * no census starts with positions an earlier one in the same JVM settled: a census costs the same
 * the tenth time in a session (the census bench's timed runs, after its warm-ups) as the first
 * time in a new JVM (a user's {@code census run}). Only the latest census's tables are kept (4×4's
 * are 43 + 163 MB); a kernel holding older ones keeps them until it is done. Tasks of two censuses
 * interleaved in one JVM (two datasets read in one job) build their tables again at each switch:
 * the rows are the same, the work is not shared.
 */
public final class HexCensusTables {

    private static String census;
    private static HexExactSolver solver;
    private static HexResistanceTable resistances;

    private HexCensusTables() {}

    /**
     * A kernel over the tables of census {@code id} (of {@code board}, {@code first} moving
     * first), built on the first call with that id and shared by the calls that follow it.
     */
    public static synchronized HexCensusKernel kernel(HexBoard board, Side first, String id) {
        if (id == null || id.isEmpty()) {
            throw new IllegalArgumentException("a census id is needed to share its tables");
        }
        if (!id.equals(census)) {
            // Forgotten first: the old tables are garbage before the new ones are allocated, and an
            // allocation that fails leaves no census whose tables are missing.
            census = null;
            solver = null;
            resistances = null;
            solver = new HexExactSolver(board, first);
            resistances = new HexResistanceTable(board, first);
            census = id;
        } else if (!solver.board().name().equals(board.name()) || solver.first() != first) {
            throw new IllegalArgumentException("census " + id + " is of "
                    + solver.board().name() + ", " + solver.first().label() + " first, not of " + board.name() + ", "
                    + first.label() + " first");
        }
        return new HexCensusKernel(solver, resistances);
    }

    /** The census whose tables are kept: the id last asked for (null before the first). */
    public static synchronized String census() {
        return census;
    }

    /** The latest census's settled positions (null before the first), for tests. */
    static synchronized HexExactSolver solver() {
        return solver;
    }

    /** The latest census's resistances (null before the first), for tests. */
    static synchronized HexResistanceTable resistances() {
        return resistances;
    }
}
