package org.gamecensus.kernel.switching;

/**
 * The essay's exponential check of Lehman's criterion, as a test oracle: enumerate every subset
 * of the surviving links whose vertex set W holds both marks and whose size is 2(|W| − 1), and
 * try every split of it into two halves, testing both halves for being spanning trees of W.
 * Shares nothing with {@link MatroidPartitionCriterion}. Only for small hosts (it is O(3^m)).
 */
final class BruteForceTreePairCriterion {

    private final SwitchingHost host;

    BruteForceTreePairCriterion(SwitchingHost host) {
        this.host = host;
    }

    /** Short moving second wins on {@code mask}. */
    boolean shortWinsMovingSecond(long mask) {
        return holds(mask, -1);
    }

    /** Short moving first wins on {@code mask}: the criterion on G or on G/e for some link e. */
    boolean shortWinsMovingFirst(long mask) {
        if (holds(mask, -1)) {
            return true;
        }
        for (int e = 0; e < host.linkCount(); e++) {
            if ((mask & (1L << e)) != 0 && holds(mask, e)) {
                return true;
            }
        }
        return false;
    }

    private boolean holds(long mask, int contracted) {
        final int n = host.vertexCount();
        final int[] map = new int[n];
        for (int v = 0; v < n; v++) {
            map[v] = v;
        }
        if (contracted >= 0) {
            map[host.linkV(contracted)] = host.linkU(contracted);
        }
        final int s = map[host.s()];
        final int t = map[host.t()];
        if (s == t) {
            return true;
        }
        final int m = host.linkCount();
        final int[] us = new int[m];
        final int[] vs = new int[m];
        int k = 0;
        for (int e = 0; e < m; e++) {
            if ((mask & (1L << e)) != 0 && e != contracted) {
                final int a = map[host.linkU(e)];
                final int b = map[host.linkV(e)];
                if (a != b) {
                    us[k] = a;
                    vs[k] = b;
                    k++;
                }
            }
        }
        for (int subset = 1; subset < 1 << k; subset++) {
            long verts = 0;
            for (int i = 0; i < k; i++) {
                if ((subset & (1 << i)) != 0) {
                    verts |= 1L << us[i] | 1L << vs[i];
                }
            }
            if ((verts & (1L << s)) == 0 || (verts & (1L << t)) == 0) {
                continue;
            }
            final int w = Long.bitCount(verts);
            if (Integer.bitCount(subset) != 2 * (w - 1)) {
                continue;
            }
            for (int half = subset; half > 0; half = (half - 1) & subset) {
                if (Integer.bitCount(half) == w - 1
                        && isSpanningTree(us, vs, k, half, verts, n)
                        && isSpanningTree(us, vs, k, subset & ~half, verts, n)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean isSpanningTree(int[] us, int[] vs, int k, int links, long verts, int n) {
        final int[] parent = new int[n];
        for (int v = 0; v < n; v++) {
            parent[v] = v;
        }
        int merges = 0;
        for (int i = 0; i < k; i++) {
            if ((links & (1 << i)) == 0) {
                continue;
            }
            if ((verts & (1L << us[i])) == 0 || (verts & (1L << vs[i])) == 0) {
                return false;
            }
            int a = us[i];
            while (parent[a] != a) {
                a = parent[a];
            }
            int b = vs[i];
            while (parent[b] != b) {
                b = parent[b];
            }
            if (a == b) {
                return false;
            }
            parent[a] = b;
            merges++;
        }
        return merges == Long.bitCount(verts) - 1;
    }
}
