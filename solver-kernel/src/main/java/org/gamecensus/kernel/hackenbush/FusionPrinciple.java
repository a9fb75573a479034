package org.gamecensus.kernel.hackenbush;

import java.util.Arrays;

/**
 * The fusion principle of Green Hackenbush (Winning Ways, ch. 7): the vertices on any cycle can be
 * fused into one without changing the value, the cycle's edges becoming loops, each worth 1. So
 * the 2-edge-connected pieces (found from the bridges, by Tarjan's lowlink depth-first search)
 * collapse to single vertices carrying loops, the bridges form a tree standing on the ground, and
 * the tree is valued by the colon principle: g(x) = (loops at x mod 2) ⊕ ⊕_children (g(y) + 1).
 * Never searches a game tree; O(n + m).
 */
public final class FusionPrinciple {

    private FusionPrinciple() {}

    public static int value(GroundedGraph g) {
        final int n = g.vertices();
        final int m = g.edges();
        final boolean[] bridge = bridges(g);
        // Fuse along non-bridge edges (cycles, parallels, loops).
        final int[] piece = new int[n];
        for (int x = 0; x < n; x++) {
            piece[x] = x;
        }
        for (int e = 0; e < m; e++) {
            if (!bridge[e]) {
                union(piece, g.u(e), g.v(e));
            }
        }
        final int[] loops = new int[n];
        for (int e = 0; e < m; e++) {
            if (!bridge[e]) {
                loops[find(piece, g.u(e))]++;
            }
        }
        return colon(g, bridge, piece, loops, find(piece, 0), -1);
    }

    /** The tree of pieces joined by bridges, valued from {@code at}, not going back over {@code via}. */
    private static int colon(GroundedGraph g, boolean[] bridge, int[] piece, int[] loops, int at, int via) {
        int value = loops[at] & 1;
        for (int e = 0; e < g.edges(); e++) {
            if (!bridge[e] || e == via) {
                continue;
            }
            final int a = find(piece, g.u(e));
            final int b = find(piece, g.v(e));
            if (a == at || b == at) {
                value ^= colon(g, bridge, piece, loops, a == at ? b : a, e) + 1;
            }
        }
        return value;
    }

    /** Tarjan's bridge finding, by edge identity so that parallel edges are never bridges. */
    static boolean[] bridges(GroundedGraph g) {
        final int n = g.vertices();
        final boolean[] bridge = new boolean[g.edges()];
        final int[] order = new int[n];
        final int[] low = new int[n];
        Arrays.fill(order, -1);
        final int[] counter = {0};
        for (int x = 0; x < n; x++) {
            if (order[x] < 0) {
                dfs(g, x, -1, order, low, counter, bridge);
            }
        }
        return bridge;
    }

    private static void dfs(
            GroundedGraph g, int x, int viaEdge, int[] order, int[] low, int[] counter, boolean[] bridge) {
        order[x] = low[x] = counter[0]++;
        for (int e = 0; e < g.edges(); e++) {
            if (e == viaEdge || (g.u(e) != x && g.v(e) != x)) {
                continue;
            }
            final int y = g.u(e) == x ? g.v(e) : g.u(e);
            if (y == x) {
                continue; // a loop is never a bridge
            }
            if (order[y] < 0) {
                dfs(g, y, e, order, low, counter, bridge);
                low[x] = Math.min(low[x], low[y]);
                if (low[y] > order[x]) {
                    bridge[e] = true;
                }
            } else {
                low[x] = Math.min(low[x], order[y]);
            }
        }
    }

    private static int find(int[] p, int x) {
        while (p[x] != x) {
            x = p[x];
        }
        return x;
    }

    private static void union(int[] p, int a, int b) {
        final int ra = find(p, a);
        final int rb = find(p, b);
        if (ra != rb) {
            p[ra] = rb;
        }
    }
}
