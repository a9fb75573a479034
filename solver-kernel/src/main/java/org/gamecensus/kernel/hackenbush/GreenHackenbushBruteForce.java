package org.gamecensus.kernel.hackenbush;

/**
 * Green Hackenbush by brute force over edge subsets: a position is the set of edges still joined
 * to the ground; a move deletes one edge and everything no longer joined to the ground falls; the
 * value is the mex over moves. Handles cycles, loops and parallel edges directly and knows nothing
 * of the fusion principle. O(2^m · m · (n + m)) at worst; the table (one byte per edge subset) is
 * allocated once for the largest graph and cleared by an epoch stamp.
 */
public final class GreenHackenbushBruteForce {

    private final byte[] values;
    private final int[] stamps;
    private int epoch;
    private GroundedGraph graph;

    public GreenHackenbushBruteForce(int maxEdges) {
        if (maxEdges < 0 || maxEdges > GroundedGraph.MAX_EDGES) {
            throw new IllegalArgumentException("maxEdges must be 0.." + GroundedGraph.MAX_EDGES);
        }
        values = new byte[1 << maxEdges];
        stamps = new int[1 << maxEdges];
    }

    /** The value of a grounded multigraph. */
    public int grundy(GroundedGraph g) {
        if (g.edges() > Integer.numberOfTrailingZeros(values.length)) {
            throw new IllegalArgumentException("graph has " + g.edges() + " edges, table sized for fewer");
        }
        graph = g;
        epoch++;
        return value(grounded((1 << g.edges()) - 1));
    }

    /** The edges of {@code mask} joined to the ground. */
    private int grounded(int mask) {
        long reached = 1L; // the ground
        int kept = 0;
        boolean grew = true;
        while (grew) {
            grew = false;
            for (int rest = mask & ~kept; rest != 0; rest &= rest - 1) {
                final int e = Integer.numberOfTrailingZeros(rest);
                final long a = 1L << graph.u(e);
                final long b = 1L << graph.v(e);
                if ((reached & (a | b)) != 0) {
                    reached |= a | b;
                    kept |= 1 << e;
                    grew = true;
                }
            }
        }
        return kept;
    }

    private int value(int mask) {
        if (stamps[mask] == epoch) {
            return values[mask];
        }
        long seen = 0L;
        for (int rest = mask; rest != 0; rest &= rest - 1) {
            seen |= 1L << value(grounded(mask & ~(rest & -rest)));
        }
        final int mex = Long.numberOfTrailingZeros(~seen);
        stamps[mask] = epoch;
        values[mask] = (byte) mex;
        return mex;
    }
}
