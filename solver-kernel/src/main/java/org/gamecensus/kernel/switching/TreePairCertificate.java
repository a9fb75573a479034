package org.gamecensus.kernel.switching;

/**
 * Checks a certificate of Lehman's criterion by looking at it: two link sets of a subgraph that
 * are disjoint and are each a spanning tree of one common vertex set W holding s and t. This is
 * the "matter of looking" the essay promises; it does not search for anything.
 *
 * <p>Complexity: O(n + m) per check, by union–find over the links of each tree.
 */
public final class TreePairCertificate {

    private TreePairCertificate() {
    }

    /** Whether {@code a} and {@code b} certify that Short, moving second, wins on {@code mask}. */
    public static boolean isValid(SwitchingHost host, long mask, long a, long b) {
        if ((a & ~mask) != 0 || (b & ~mask) != 0 || (a & b) != 0) {
            return false;
        }
        final long wa = spannedVertices(host, a);
        final long wb = spannedVertices(host, b);
        return wa != 0 && wa == wb
                && (wa & (1L << host.s())) != 0 && (wa & (1L << host.t())) != 0;
    }

    /** The vertex set a link set spans when it is a tree (connected, |links| = |vertices| − 1), else 0. */
    private static long spannedVertices(SwitchingHost host, long links) {
        final int n = host.vertexCount();
        final int[] parent = new int[n];
        for (int v = 0; v < n; v++) {
            parent[v] = v;
        }
        long vertices = 0L;
        int components = 0;
        for (long rest = links; rest != 0; rest &= rest - 1) {
            final int e = Long.numberOfTrailingZeros(rest);
            final int u = host.linkU(e);
            final int v = host.linkV(e);
            if ((vertices & (1L << u)) == 0) {
                vertices |= 1L << u;
                components++;
            }
            if ((vertices & (1L << v)) == 0) {
                vertices |= 1L << v;
                components++;
            }
            final int ru = root(parent, u);
            final int rv = root(parent, v);
            if (ru == rv) {
                return 0L; // a cycle: not a tree
            }
            parent[ru] = rv;
            components--;
        }
        return components == 1 ? vertices : 0L;
    }

    private static int root(int[] parent, int v) {
        while (parent[v] != v) {
            v = parent[v];
        }
        return v;
    }
}
